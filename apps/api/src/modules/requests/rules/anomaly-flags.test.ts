/**
 * Each anomaly rule at the numbers that raise it and just short of them, with the message the
 * approver reads.
 */
import { describe, expect, it } from 'vitest';
import { anomalyFlags, median, type FlagInputs, type PreviousFill } from './anomaly-flags.js';

const now = new Date('2026-11-20T12:00:00Z');
const daysBefore = (days: number) => new Date(now.getTime() - days * 86_400_000);

/** A request that raises nothing: 30 L into a 50 L tank at 10%, no history. */
function request(overrides: Partial<FlagInputs> = {}): FlagInputs {
  return {
    fuelType: 'PETROL',
    volume: 30,
    tankLevel: 10,
    odometer: null,
    at: now,
    requestedAt: now,
    priceKobo: null,
    dispensedVolume: null,
    vehicle: { tankSize: 50, lastOdometer: null },
    previousFills: [],
    stationMedianPriceKobo: null,
    previousRequestAt: null,
    ...overrides,
  };
}

/** Fills every 10 days, 400 km apart on 40 L each (10 km/L), each dispensing its whole approved 40 L; newest first. */
function steadyFills(count: number, lastOdometer = 10_000): PreviousFill[] {
  return Array.from({ length: count }, (_, i) => ({
    odometer: lastOdometer - 400 * i,
    approvedVolume: 40,
    dispensedVolume: 40,
    redeemedAt: daysBefore(10 * (i + 1)),
  }));
}

const codes = (input: FlagInputs) => anomalyFlags(input).map((f) => f.code);

describe('anomalyFlags', () => {
  it('raises nothing for an ordinary request', () => {
    expect(anomalyFlags(request())).toEqual([]);
    expect(anomalyFlags(request({ odometer: 10_400, previousFills: steadyFills(5) }))).toEqual([]);
  });

  it('flags a volume above the tank size, with both figures', () => {
    expect(anomalyFlags(request({ volume: 62 }))).toEqual([
      { code: 'VOLUME_ABOVE_TANK', severity: 'critical', message: '62 L requested; tank holds 50 L' },
    ]);
    expect(codes(request({ volume: 50, tankLevel: 0 }))).toEqual([]);
    expect(codes(request({ volume: 62, vehicle: { tankSize: null, lastOdometer: null } }))).toEqual([]);
  });

  it('flags a tank level plus volume above a full tank', () => {
    // 40% of 50 L is 20 L in the tank: 31 L more overfills it, 30 L fills it exactly.
    expect(anomalyFlags(request({ volume: 31, tankLevel: 40 }))).toEqual([
      {
        code: 'TANK_OVERFILL',
        severity: 'warning',
        message: '31 L requested with the tank at 40% (20 L); 51 L is more than the 50 L tank',
      },
    ]);
    expect(codes(request({ volume: 30, tankLevel: 40 }))).toEqual([]);
  });

  it('flags an odometer below the last reading', () => {
    expect(anomalyFlags(request({ odometer: 9_999, vehicle: { tankSize: 50, lastOdometer: 10_000 } }))).toEqual([
      { code: 'ODOMETER_BACKWARDS', severity: 'critical', message: 'Odometer 9,999 km is below the last reading of 10,000 km' },
    ]);
    expect(codes(request({ odometer: 10_000, vehicle: { tankSize: 50, lastOdometer: 10_000 } }))).toEqual([]);
  });

  it('flags a jump faster than 120 km/h since the last timed reading', () => {
    // The last fill was 10 days (240 h) ago at 10,000 km: 28,800 km is the most 240 h at 120 km/h allow.
    const fills = [{ odometer: 10_000, approvedVolume: 40, dispensedVolume: 40, redeemedAt: daysBefore(10) }];
    expect(anomalyFlags(request({ odometer: 38_801, volume: 10, previousFills: fills }))).toEqual([
      {
        code: 'ODOMETER_JUMP',
        severity: 'critical',
        message: 'Odometer 38,801 km is 28,801 km past the reading of 10,000 km 10 days earlier; more than 120 km/h',
      },
    ]);
    expect(codes(request({ odometer: 38_800, volume: 10, previousFills: fills }))).toEqual([]);
    // Five hours after a reading, 600 km is the most; within the hour, an hour's drive is still allowed.
    const fiveHours = [{ ...fills[0]!, redeemedAt: new Date(now.getTime() - 5 * 3_600_000) }];
    expect(codes(request({ odometer: 10_600, previousFills: fiveHours }))).not.toContain('ODOMETER_JUMP');
    expect(anomalyFlags(request({ odometer: 10_600.1, previousFills: fiveHours }))[0]?.message).toBe(
      'Odometer 10,600.1 km is 600.1 km past the reading of 10,000 km 5 h earlier; more than 120 km/h',
    );
    const minutes = [{ ...fills[0]!, redeemedAt: new Date(now.getTime() - 10 * 60_000) }];
    expect(codes(request({ odometer: 10_120, previousFills: minutes }))).not.toContain('ODOMETER_JUMP');
    expect(codes(request({ odometer: 10_121, previousFills: minutes }))).toContain('ODOMETER_JUMP');
  });

  it("flags a distance more than 3× the vehicle's usual distance between fills", () => {
    // Fills 400 km apart every 10 days: 1,200 km since the last is the most 3× allows.
    const fills = steadyFills(4);
    expect(
      anomalyFlags(request({ odometer: 11_201, volume: 40, dispensedVolume: 40, previousFills: fills })).find(
        (f) => f.code === 'ODOMETER_JUMP',
      ),
    ).toEqual({
      code: 'ODOMETER_JUMP',
      severity: 'warning',
      message: "Odometer 11,201 km is 1,201 km past the reading of 10,000 km; more than 3× this vehicle's usual 400 km between fills",
    });
    expect(codes(request({ odometer: 11_200, volume: 40, dispensedVolume: 40, previousFills: fills }))).not.toContain('ODOMETER_JUMP');
    // Two distances are no pattern yet.
    expect(codes(request({ odometer: 11_201, previousFills: steadyFills(3) }))).not.toContain('ODOMETER_JUMP');
  });

  it('at the pump, flags a fill less than an hour after the vehicle’s previous fill', () => {
    const justBefore = (minutes: number) => [
      { odometer: null, approvedVolume: 40, dispensedVolume: 40, redeemedAt: new Date(now.getTime() - minutes * 60_000) },
    ];
    expect(anomalyFlags(request({ dispensedVolume: 30, previousFills: justBefore(25) }))).toContainEqual({
      code: 'REPEAT_VEHICLE',
      severity: 'critical',
      message: "Filled 25 min after this vehicle's previous fill; less than 60 minutes apart",
    });
    expect(codes(request({ dispensedVolume: 30, previousFills: justBefore(60) }))).not.toContain('REPEAT_VEHICLE');
    // While the request is made, the fill has not happened.
    expect(codes(request({ previousFills: justBefore(5) }))).not.toContain('REPEAT_VEHICLE');
  });

  it('flags an efficiency below half or above double the vehicle’s median', () => {
    // The median is 10 km/L; 30 L since the fill at 10,000 km: 149 km is 4.97 km/L, 150 km is 5.
    const fills = steadyFills(4);
    expect(anomalyFlags(request({ odometer: 10_149, previousFills: fills }))).toEqual([
      {
        code: 'EFFICIENCY_OUTLIER',
        severity: 'warning',
        message: "5 km/L since the previous fill (149 km on 30 L); this vehicle's median is 10 km/L",
      },
    ]);
    expect(codes(request({ odometer: 10_150, previousFills: fills }))).toEqual([]);
    expect(codes(request({ odometer: 10_600, previousFills: fills }))).toEqual([]);
    expect(codes(request({ odometer: 10_601, previousFills: fills }))).toEqual(['EFFICIENCY_OUTLIER']);
    // Redeemed, the dispensed volume is what counts: 600 km on 20 L is 30 km/L.
    expect(codes(request({ odometer: 10_600, dispensedVolume: 20, volume: 20, previousFills: fills }))).toEqual(['EFFICIENCY_OUTLIER']);
  });

  it('needs three past runs before it judges efficiency', () => {
    // Three fills make two runs; four make three.
    expect(codes(request({ odometer: 10_010, previousFills: steadyFills(3) }))).toEqual([]);
    expect(codes(request({ odometer: 10_010, previousFills: steadyFills(4) }))).toEqual(['EFFICIENCY_OUTLIER']);
  });

  it('flags a price more than 20% above the station’s 90-day median', () => {
    expect(anomalyFlags(request({ priceKobo: 120_001n, stationMedianPriceKobo: 100_000n }))).toEqual([
      {
        code: 'PRICE_ABOVE_STATION_MEDIAN',
        severity: 'warning',
        message: "₦1,200.01 per L is 20% above the station's 90-day median of ₦1,000.00",
      },
    ]);
    expect(codes(request({ priceKobo: 120_000n, stationMedianPriceKobo: 100_000n }))).toEqual([]);
    expect(codes(request({ priceKobo: 200_000n, stationMedianPriceKobo: null }))).toEqual([]);
  });

  it('flags a second request for the vehicle within 12 hours', () => {
    const at = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    expect(anomalyFlags(request({ previousRequestAt: at(11.5) }))).toEqual([
      {
        code: 'REPEAT_WITHIN_12H',
        severity: 'warning',
        message: 'Another request for this vehicle was made 11.5 h earlier; less than 12 h apart',
      },
    ]);
    expect(codes(request({ previousRequestAt: at(12) }))).toEqual([]);
    expect(anomalyFlags(request({ previousRequestAt: at(0.25) }))[0]?.message).toBe(
      'Another request for this vehicle was made 15 min earlier; less than 12 h apart',
    );
  });

  it('flags a dispensed volume far from the vehicle’s usual share of its approved volume', () => {
    // The vehicle always takes 100% of what is approved: 69% is 31 points off, 70% is 30.
    const fills = steadyFills(3);
    expect(
      anomalyFlags(request({ volume: 100, dispensedVolume: 69, previousFills: fills, vehicle: { tankSize: null, lastOdometer: null } })),
    ).toEqual([
      {
        code: 'DISPENSED_OFF_PATTERN',
        severity: 'warning',
        message: '69 L dispensed of 100 L approved (69%); this vehicle usually takes 100%',
      },
    ]);
    expect(
      codes(request({ volume: 100, dispensedVolume: 70, previousFills: fills, vehicle: { tankSize: null, lastOdometer: null } })),
    ).toEqual([]);
    expect(codes(request({ volume: 40, dispensedVolume: 4, previousFills: steadyFills(2) }))).toEqual([]);
  });

  it('raises several flags at once, in a stable order', () => {
    expect(
      codes(request({ volume: 62, odometer: 9_000, vehicle: { tankSize: 50, lastOdometer: 10_000 }, previousRequestAt: daysBefore(0.1) })),
    ).toEqual(['VOLUME_ABOVE_TANK', 'ODOMETER_BACKWARDS', 'REPEAT_WITHIN_12H']);
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
