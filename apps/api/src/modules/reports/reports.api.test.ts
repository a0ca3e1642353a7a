import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPORT_PAGES_HEADER } from '@fleetfuel/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemoActivity } from '../../db/seed-activity.js';
import { assetCount, demoIds, USUAL_ACCOUNTS } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';

let dir: string;

const world = useTestApp({
  setUp: async ({ t, signIn }) => {
    await t.db.transaction().execute((trx) => seedDemoActivity(trx));
    dir = mkdtempSync(path.join(tmpdir(), 'fleetfuel-reports-'));
    // Signed in after the activity is seeded, as before.
    for (const email of USUAL_ACCOUNTS) await signIn(email);
  },
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The text of each page of a PDF (pdftotext), having rendered its first page (pdftoppm). */
function pdfPages(pdf: Buffer): string[] {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  execFileSync('pdftoppm', ['-png', '-r', '40', '-f', '1', '-l', '1', file, `${file}-page`]);
  return Array.from({ length: pages }, (_, i) =>
    execFileSync('pdftotext', ['-layout', '-f', String(i + 1), '-l', String(i + 1), file, '-'], { encoding: 'utf8' }),
  );
}

/** Downloads a report and returns the text of each page. */
async function report(url: string, email: string, query: Record<string, string> = {}) {
  const res = await world.t.call('GET', url, { token: world.token(email), query });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const pages = pdfPages(res.rawPayload);
  expect(res.headers[REPORT_PAGES_HEADER]).toBe(String(pages.length));
  return { pages, disposition: String(res.headers['content-disposition']) };
}

describe('reports', () => {
  it('Comprehensive: per vehicle fuel and maintenance in the period, with totals', async () => {
    const { pages, disposition } = await report('/api/reports/x/combined', 'orgadmin@acme.test', {
      startDate: '2020-01-01',
      endDate: '2099-12-31',
    });
    expect(disposition).toBe('attachment; filename="comprehensive-report-acme-logistics-2020-01-01-to-2099-12-31.pdf"');
    const text = pages.join('\n');
    for (const expected of [
      'Comprehensive Report',
      'Organization: Acme Logistics',
      'Period: 1 Jan 2020 to 31 Dec 2099',
      'LND-451-KJ',
      'APP-220-XA',
      'KJA-118-QB',
      'Mikano MP 100kVA',
      'Page 1 of',
    ]) {
      expect(text).toContain(expected);
    }
    // Totals equal the sum of what the requests recorded.
    const totals = await world.t.db
      .selectFrom('fuel_requests')
      .select((eb) => [eb.fn.sum<string>('dispensed_volume').as('litres'), eb.fn.sum<string>('amount_kobo').as('kobo')])
      .where('status', '=', 'COMPLETED')
      .where('organization_id', '=', await demoIds(world.t).organization('Acme Logistics'))
      .executeTakeFirstOrThrow();
    const litres = Number(totals.litres).toLocaleString('en-NG', { maximumFractionDigits: 2 });
    const naira = `NGN ${(BigInt(totals.kobo ?? '0') / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${(BigInt(totals.kobo ?? '0') % 100n).toString().padStart(2, '0')}`;
    expect(text).toMatch(new RegExp(`Total\\s+4 assets\\s+${litres.replace('.', '\\.')}\\s+${naira.replace('.', '\\.')}`));
    const empty = await report('/api/reports/x/combined', 'orgadmin@acme.test', { startDate: '2001-01-01', endDate: '2001-01-31' });
    expect(empty.pages.join('\n')).toMatch(/Total\s+4 assets\s+0\s+NGN 0\.00/);
  });

  it('Insurance status: every asset, soonest expiry first, with counts', async () => {
    const { pages } = await report('/api/reports/x/insurance-status', 'asst@acme.test');
    const text = pages.join('\n');
    const order = ['APP-220-XA', 'KJA-118-QB', 'LND-451-KJ', 'Mikano MP'].map((asset) => text.indexOf(asset));
    expect(order.every((index, i) => index > 0 && (i === 0 || index > (order[i - 1] as number)))).toBe(true);
    expect(text).toMatch(/Total\s+4 assets\s+2 active\s+1 expired\s+1 not insured/);
    expect(text).toContain('NOT INSURED');
  });

  it('Service term: what is due and why, and the maintenance history with its total', async () => {
    const { pages } = await report('/api/reports/x/service-term', 'orgadmin@acme.test');
    const text = pages.join('\n');
    // The truck's insurance expired, the motorcycle is in the workshop, and the generator, on the
    // books since Acme set up its groups 199 days ago, has never been serviced.
    expect(text).toContain('Due for maintenance (3)');
    expect(text).toContain('Approved maintenance not yet done');
    expect(text).toMatch(/Mikano MP 100kVA\s+Mikano MP 100kVA\s+No service recorded in 90 days/);
    expect(text).toContain('Maintenance history (2 jobs)');
    expect(text).toMatch(/Total\s+2 jobs\s+NGN 165,000\.00/);
  });

  it('Vehicles & drivers: the registry with assignments; a registry of 520 assets spans pages with headers repeated', async () => {
    const small = (await report('/api/reports/x/vehicles-drivers-list', 'orgadmin@acme.test')).pages.join('\n');
    expect(small).toContain('Musa Ibrahim');
    // Statuses are words: "UNDER MAINTENANCE" may wrap across two lines of its cell, but never shows its underscore.
    expect(small).toContain('MAINTENANCE');
    expect(small).not.toContain('UNDER_MAINTENANCE');
    expect(small).toContain('Drivers without a vehicle (0)');
    expect(small).toContain('No Record');

    const beta = await demoIds(world.t).organization('Beta Haulage');
    await world.t.db
      .insertInto('vehicles')
      .values(
        Array.from({ length: 517 }, (_, i) => ({
          organization_id: beta,
          plate_number: `BULK-${String(i).padStart(4, '0')}`,
          make: 'Toyota',
          model: 'Hiace',
          type: 'VEHICLE',
          fuel_type: 'DIESEL',
        })),
      )
      .execute();
    const { pages } = await report('/api/reports/x/vehicles-drivers-list', 'admin@fleetfuel.test', { organizationId: beta });
    expect(pages.length).toBeGreaterThan(10);
    // The assets run over most pages, and each of those repeats the table's header.
    const assetPages = pages.flatMap((page, i) => (page.includes('BULK-') ? [i] : []));
    expect(assetPages.length).toBeGreaterThan(10);
    for (const i of assetPages) expect(pages[i], `page ${i + 1}`).toMatch(/Asset\s+Make \/ model\s+Type\s+Fuel/);
    for (const [i, page] of pages.entries()) expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    // The demo's 3 and these 517, and any other test of this file added to Beta before it.
    const assets = await assetCount(world.t, beta);
    expect(assets).toBeGreaterThanOrEqual(520);
    expect(pages.join('\n')).toMatch(new RegExp(`Total\\s+${assets} assets`));
  });

  it('ADMIN must name the organization; others get only their own; drivers and stations get none', async () => {
    expect(
      (await world.t.call('GET', '/api/reports/x/insurance-status', { token: world.token('admin@fleetfuel.test') })).json().field,
    ).toBe('organizationId');
    const acme = await demoIds(world.t).organization('Acme Logistics');
    expect(
      (
        await world.t.call('GET', '/api/reports/x/insurance-status', {
          token: world.token('orgadmin@beta.test'),
          query: { organizationId: acme },
        })
      ).statusCode,
    ).toBe(404);
    expect((await world.t.call('GET', '/api/reports/x/service-term', { token: world.token('driver@acme.test') })).statusCode).toBe(403);
    expect((await world.t.call('GET', '/api/reports/x/service-term', { token: world.token('rep@unityfuels.test') })).statusCode).toBe(403);
    const backwards = await world.t.call('GET', '/api/reports/x/combined', {
      token: world.token('orgadmin@acme.test'),
      query: { startDate: '2026-11-01', endDate: '2026-10-01' },
    });
    expect(backwards.json()).toMatchObject({ field: 'endDate', error: 'endDate: The start date must be on or before the end date' });
  });
  it('Comprehensive at scale: read in batches, streamed with its page count first, while /api/health answers', async () => {
    const beta = await demoIds(world.t).organization('Beta Haulage');
    // More vehicles than one batch, then assets without a plate (printed last): the keyset crosses both.
    const vehicle = (plate: string | null, i: number) => ({
      organization_id: beta,
      plate_number: plate,
      make: plate ? 'Toyota' : 'Mikano',
      model: plate ? 'Hiace' : `Gen ${String(i).padStart(4, '0')}`,
      type: plate ? ('VEHICLE' as const) : ('GENERATOR' as const),
      fuel_type: 'DIESEL' as const,
    });
    await world.t.db
      .insertInto('vehicles')
      .values([
        ...Array.from({ length: 1100 }, (_, i) => vehicle(`SCALE-${String(i).padStart(4, '0')}`, i)),
        ...Array.from({ length: 60 }, (_, i) => vehicle(null, i)),
      ])
      .execute();
    const assets = await assetCount(world.t, beta);

    const reply = await world.t.app.inject({
      method: 'GET',
      url: '/api/reports/x/combined',
      query: { startDate: '2020-01-01', endDate: '2099-12-31', organizationId: beta },
      headers: { authorization: `Bearer ${world.token('admin@fleetfuel.test')}` },
      payloadAsStream: true,
    });
    expect(reply.statusCode).toBe(200);
    const announced = Number(reply.headers[REPORT_PAGES_HEADER]);
    expect(announced).toBeGreaterThan(10);
    const body = reply.stream();
    const chunks: Buffer[] = [];
    let ended = false;
    const received = new Promise<void>((resolve, reject) => {
      body.on('data', (chunk: Buffer) => chunks.push(chunk));
      body.on('end', () => {
        ended = true;
        resolve();
      });
      body.on('error', reject);
    });
    const health = await world.t.call('GET', '/api/health');
    expect(health.json()).toEqual({ status: 'ok', database: 'ok' });
    // The health check answered while the report was still being written.
    expect(ended).toBe(false);
    await received;

    const pages = pdfPages(Buffer.concat(chunks));
    expect(pages.length).toBe(announced);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${announced}`));
    const text = pages.join('\n');
    const order = ['SCALE-0000', 'SCALE-0499', 'SCALE-0500', 'SCALE-1099', 'Mikano Gen 0000', 'Mikano Gen 0059'].map((asset) =>
      text.indexOf(asset),
    );
    expect(order.every((index, i) => index > 0 && (i === 0 || index > (order[i - 1] as number)))).toBe(true);
    expect(text).toMatch(new RegExp(`Total\\s+${assets} assets`));
  });
});
