import { describe, expect, it } from 'vitest';
import { attendantPatternFlags, outsideHoursFlag, type AttendantTally, type PatternContext } from './attendant-patterns.js';

const honest: AttendantTally = { redemptions: 40, nearMaximum: 2, roundVolumes: 6, repeatVehicle: 0, outsideHours: 0 };
const context: PatternContext = { stationRedemptions: 100, pairs: [], hours: { opens: '06:00', closes: '22:00' } };
const codes = (tally: AttendantTally, ctx: PatternContext = context) => attendantPatternFlags(tally, ctx).map((f) => f.code);

describe('attendant patterns', () => {
  it('raises nothing for an ordinary month', () => {
    expect(attendantPatternFlags(honest, context)).toEqual([]);
    expect(attendantPatternFlags({ ...honest, redemptions: 0 }, context)).toEqual([]);
  });

  it('flags fills stopping just under the maximum from 3 fills and 30%, with the numbers', () => {
    expect(attendantPatternFlags({ ...honest, nearMaximum: 12 }, context)).toEqual([
      { code: 'NEAR_MAXIMUM', severity: 'warning', message: "12 of 40 fills (30%) stopped within 5% under the coupon's maximum" },
    ]);
    expect(codes({ ...honest, nearMaximum: 11 })).toEqual([]);
    expect(codes({ redemptions: 4, nearMaximum: 2, roundVolumes: 0, repeatVehicle: 0, outsideHours: 0 })).toEqual([]);
  });

  it('flags round volumes from half of the fills', () => {
    const [flag] = attendantPatternFlags({ ...honest, roundVolumes: 22 }, context);
    expect(flag).toEqual({
      code: 'ROUND_VOLUMES',
      severity: 'warning',
      message: "22 of 40 fills (55%) were round volumes (multiples of 5) below the coupon's maximum",
    });
    expect(codes({ ...honest, roundVolumes: 19 })).toEqual([]);
  });

  it('flags any repeat of a vehicle within the hour and any fill while closed, as critical', () => {
    expect(attendantPatternFlags({ ...honest, repeatVehicle: 1, outsideHours: 3 }, context)).toEqual([
      { code: 'REPEAT_VEHICLE', severity: 'critical', message: '1 fill for a vehicle less than 60 minutes after its previous fill' },
      { code: 'OUTSIDE_HOURS', severity: 'critical', message: "3 fills outside the station's opening hours (06:00–22:00)" },
    ]);
    // A station open around the clock is never closed.
    expect(codes({ ...honest, outsideHours: 3 }, { ...context, hours: null })).toEqual([]);
  });

  it('flags a driver whose fills one attendant takes far above that attendant’s share', () => {
    const pairs = [{ driverName: 'Musa Ibrahim', pairFills: 9, driverFills: 10 }];
    expect(attendantPatternFlags({ ...honest, redemptions: 25 }, { ...context, pairs })).toEqual([
      {
        code: 'DRIVER_PAIR',
        severity: 'warning',
        message: "Redeemed 9 of Musa Ibrahim's 10 fills (90%), against 25% of all fills here",
      },
    ]);
    // The only attendant of a station takes every driver's fills: that is no pattern.
    expect(codes({ ...honest, redemptions: 100 }, { ...context, pairs })).toEqual([]);
    // Too few fills to say.
    expect(codes({ ...honest, redemptions: 25 }, { ...context, pairs: [{ driverName: 'A', pairFills: 4, driverFills: 4 }] })).toEqual([]);
  });
});

describe("a fill's own flag at the pump while the station is closed", () => {
  // 06:00–22:00 Lagos (UTC+1).
  const day = { opens: '06:00', closes: '22:00' };
  it('flags a fill before opening or from closing time, with the Lagos time, and nothing while open', () => {
    expect(outsideHoursFlag(new Date('2026-11-20T04:59:00Z'), day)).toEqual([
      {
        code: 'OUTSIDE_HOURS',
        severity: 'critical',
        message: "Redeemed at 05:59, outside the station's opening hours (06:00–22:00)",
      },
    ]);
    expect(outsideHoursFlag(new Date('2026-11-20T05:00:00Z'), day)).toEqual([]);
    expect(outsideHoursFlag(new Date('2026-11-20T20:59:00Z'), day)).toEqual([]);
    expect(outsideHoursFlag(new Date('2026-11-20T21:00:00Z'), day)[0]?.code).toBe('OUTSIDE_HOURS');
  });

  it('judges hours across midnight, and a station open around the clock never', () => {
    const night = { opens: '18:00', closes: '02:00' };
    expect(outsideHoursFlag(new Date('2026-11-20T00:30:00Z'), night)).toEqual([]);
    expect(outsideHoursFlag(new Date('2026-11-20T01:00:00Z'), night)[0]?.message).toBe(
      "Redeemed at 02:00, outside the station's opening hours (18:00–02:00)",
    );
    expect(outsideHoursFlag(new Date('2026-11-20T03:00:00Z'), null)).toEqual([]);
  });
});
