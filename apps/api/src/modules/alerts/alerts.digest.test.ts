import type { Alert } from '@fleetfuel/contract';
import { describe, expect, it } from 'vitest';
import { renderMail } from '../notifications/index.js';
import { DIGEST_LINES_PER_KIND, composeDigest } from './alerts.digest.js';

const ID = '00000000-0000-4000-8000-000000000001';
const serviceDue = (i: number): Alert => ({
  kind: 'SERVICE_DUE',
  severity: 'warning',
  subject: { type: 'VEHICLE', id: ID, label: `VAN-${i}` },
  message: `VAN-${i}: No service recorded in 90 days`,
  dueDate: '2026-11-0' + String((i % 9) + 1),
});

describe('composeDigest', () => {
  it('groups by kind with counts, lists the first lines of each and counts the rest', () => {
    const alerts: Alert[] = [
      {
        kind: 'INSURANCE_EXPIRY',
        severity: 'critical',
        subject: { type: 'VEHICLE', id: ID, label: 'APP-220-XA' },
        message: 'APP-220-XA: Insurance expired on 3 Nov 2026',
        dueDate: '2026-11-03',
      },
      ...Array.from({ length: DIGEST_LINES_PER_KIND + 4 }, (_, i) => serviceDue(i)),
    ];
    const { subject, text } = renderMail(composeDigest('Acme Logistics', alerts, '2026-11-23', 'https://fleet.example'), 'en');
    expect(subject).toBe(`FleetFuel daily digest: ${alerts.length} alerts for Acme Logistics`);
    expect(text.startsWith(`Acme Logistics has ${alerts.length} alerts needing attention on 23 Nov 2026.`)).toBe(true);
    // The day already in the words is not repeated; one that is not there is added.
    expect(text).toContain('Insurance expiring (1):\n- APP-220-XA: Insurance expired on 3 Nov 2026\n');
    expect(text).toContain(`Service due (${DIGEST_LINES_PER_KIND + 4}):\n- VAN-0: No service recorded in 90 days (due 1 Nov 2026)\n`);
    expect(text).toContain(`VAN-${DIGEST_LINES_PER_KIND - 1}:`);
    expect(text).not.toContain(`VAN-${DIGEST_LINES_PER_KIND}:`);
    expect(text).toContain('\n- and 4 more\n');
    expect(text.endsWith('See every alert under the bell at the top of FleetFuel: https://fleet.example')).toBe(true);
    expect(text).not.toContain('Low wallet balance');
  });

  it('says "1 alert" for one', () => {
    expect(renderMail(composeDigest('Beta Haulage', [serviceDue(1)], '2026-11-23', 'http://x'), 'en').subject).toBe(
      'FleetFuel daily digest: 1 alert for Beta Haulage',
    );
  });

  it("words the headings and the frame in the admin's language, the alerts' lines as they are", () => {
    const { subject, text } = renderMail(composeDigest('Beta Haulage', [serviceDue(1)], '2026-11-23', 'http://x'), 'ha');
    expect(subject).toBe('Taƙaitawar FleetFuel ta yau: faɗakarwa 1 don Beta Haulage');
    expect(text).toContain('23 Nuwamba 2026');
    expect(text).toContain('Lokacin gyara ya yi (1):\n- VAN-1: No service recorded in 90 days');
  });
});
