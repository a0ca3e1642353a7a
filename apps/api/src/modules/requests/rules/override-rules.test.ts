import { describe, expect, it } from 'vitest';
import { pumpOverride, type LatestOverride } from './override-rules.js';

const now = new Date('2026-11-29T12:00:00Z');
const override = (status: LatestOverride['status'], extra: Partial<LatestOverride> = {}): LatestOverride => ({
  id: 'o1',
  status,
  dispensedVolume: 25,
  expiresAt: null,
  note: null,
  decidedBy: null,
  ...extra,
});

describe('a SOFT breach at the pump', () => {
  it('asks a manager when nothing was asked, or the last override was spent, lapsed or cancelled', () => {
    expect(pumpOverride(null, 25, now)).toEqual({ kind: 'ASK', closes: null });
    expect(pumpOverride(override('USED'), 25, now)).toEqual({ kind: 'ASK', closes: null });
    expect(pumpOverride(override('EXPIRED'), 25, now)).toEqual({ kind: 'ASK', closes: null });
    expect(pumpOverride(override('CANCELLED'), 25, now)).toEqual({ kind: 'ASK', closes: null });
  });

  it('waits on a pending override, whatever the litres', () => {
    expect(pumpOverride(override('PENDING'), 40, now)).toEqual({ kind: 'WAIT', overrideId: 'o1' });
  });

  it('goes on under an approval until it lapses, for no more litres than it covers', () => {
    const approved = override('APPROVED', { expiresAt: new Date('2026-11-29T12:10:00Z'), decidedBy: 'Tunde Bakare' });
    expect(pumpOverride(approved, 25, now)).toEqual({ kind: 'PROCEED', overrideId: 'o1', approvedBy: 'Tunde Bakare' });
    expect(pumpOverride(approved, 20, now)).toMatchObject({ kind: 'PROCEED' });
    expect(pumpOverride(approved, 25.5, now)).toEqual({ kind: 'ASK', closes: 'o1' });
    // At the instant it lapses it no longer holds.
    expect(pumpOverride(approved, 25, new Date('2026-11-29T12:10:00Z'))).toEqual({ kind: 'ASK', closes: 'o1' });
  });

  it('stops as many litres as were declined, and lets fewer be asked again', () => {
    const declined = override('DECLINED', { note: 'Not on this route' });
    expect(pumpOverride(declined, 25, now)).toEqual({
      kind: 'DECLINED',
      message:
        'A manager declined 25 L for this coupon (Not on this route); dispense within the fuel policy, or less than that to ask again',
    });
    expect(pumpOverride(override('DECLINED'), 30, now)).toMatchObject({
      kind: 'DECLINED',
      message: expect.stringMatching(/^A manager declined 25 L for this coupon; /),
    });
    expect(pumpOverride(declined, 24, now)).toEqual({ kind: 'ASK', closes: null });
  });
});
