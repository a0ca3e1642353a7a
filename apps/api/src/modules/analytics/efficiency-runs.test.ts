import { describe, expect, it } from 'vitest';
import { costPerKmKobo, efficiencyRuns, kmPerUnit, type EfficiencyFill } from './efficiency-runs.js';

/** A period fill: km, litres, naira (as kobo). */
const fill = (odometer: number | null, volume: number, naira: number, extra: Partial<EfficiencyFill> = {}): EfficiencyFill => ({
  odometer,
  volume,
  amountKobo: BigInt(Math.round(naira * 100)),
  inPeriod: true,
  ...extra,
});

describe('efficiency runs (fill to fill)', () => {
  it('measures each interval by the later fill: distance over its litres, at its cost', () => {
    // 10,000 → 10,400 on 40 L (₦38,000), → 10,850 on 45 L (₦42,750).
    const s = efficiencyRuns([fill(10_000, 50, 47_500), fill(10_400, 40, 38_000), fill(10_850, 45, 42_750)]);
    expect(s.fills).toBe(3);
    expect(s.runs).toEqual([
      { startOdometer: 10_000, endOdometer: 10_850, distanceKm: 850, volume: 85, amountKobo: 8_075_000n, intervals: 2 },
    ]);
    expect(s.distanceKm).toBe(850);
    expect(s.volume).toBe(85);
    expect(s.amountKobo).toBe(8_075_000n);
    expect(s.kmPerUnit).toBe(10); // 850 / 85
    expect(s.costPerKmKobo).toBe(9_500n); // ₦80,750 / 850 km = ₦95.00
  });

  it('starts the first interval from the fill before the period, without counting that fill', () => {
    const s = efficiencyRuns([fill(50_000, 40, 38_000, { inPeriod: false }), fill(50_600, 50, 47_500)]);
    expect(s.fills).toBe(1);
    expect(s.runs).toHaveLength(1);
    expect([s.distanceKm, s.volume, s.kmPerUnit, s.costPerKmKobo]).toEqual([600, 50, 12, 7_917n]); // 4,750,000 / 600 = 7,916.67
  });

  it('does not measure the first fill ever: it has nothing to start from', () => {
    const s = efficiencyRuns([fill(1_000, 30, 30_000)]);
    expect(s).toMatchObject({ fills: 1, runs: [], distanceKm: 0, volume: 0, amountKobo: 0n, kmPerUnit: null, costPerKmKobo: null });
  });

  it('a missing reading breaks the run: its interval and the next are not measured', () => {
    const s = efficiencyRuns([
      fill(10_000, 40, 40_000),
      fill(10_500, 50, 50_000), // measured: 500 km / 50 L
      fill(null, 30, 30_000), // no reading: not measured
      fill(11_200, 45, 45_000), // its start is unknown: starts a new run
      fill(11_560, 40, 40_000), // measured: 360 km / 40 L
    ]);
    expect(s.fills).toBe(5);
    expect(s.runs.map((r) => [r.startOdometer, r.endOdometer, r.volume, r.intervals])).toEqual([
      [10_000, 10_500, 50, 1],
      [11_200, 11_560, 40, 1],
    ]);
    expect([s.distanceKm, s.volume, s.kmPerUnit]).toEqual([860, 90, 9.56]); // 860 / 90 = 9.555…
    expect(s.costPerKmKobo).toBe(10_465n); // ₦90,000 / 860 km = 104.651… naira
  });

  it('a reading lower than the previous one is not measured and starts a new run', () => {
    const s = efficiencyRuns([
      fill(20_000, 40, 40_000),
      fill(20_400, 40, 40_000), // 400 km / 40 L
      fill(2_050, 35, 35_000), // lower (mistyped or a new odometer): not measured, new start
      fill(2_380, 30, 30_000), // 330 km / 30 L
    ]);
    expect(s.runs.map((r) => [r.startOdometer, r.endOdometer, r.distanceKm, r.volume])).toEqual([
      [20_000, 20_400, 400, 40],
      [2_050, 2_380, 330, 30],
    ]);
    expect([s.distanceKm, s.volume, s.kmPerUnit]).toEqual([730, 70, 10.43]); // 730 / 70 = 10.428…
  });

  it('a partial fill breaks the run on both sides', () => {
    const s = efficiencyRuns([
      fill(5_000, 40, 40_000),
      fill(5_300, 30, 30_000), // 300 km / 30 L
      fill(5_500, 10, 10_000, { full: false }), // partial: not measured, and no start
      fill(5_800, 35, 35_000), // starts a new run
      fill(6_150, 35, 35_000), // 350 km / 35 L
    ]);
    expect(s.runs.map((r) => [r.startOdometer, r.endOdometer, r.intervals])).toEqual([
      [5_000, 5_300, 1],
      [5_800, 6_150, 1],
    ]);
    expect([s.distanceKm, s.volume, s.kmPerUnit]).toEqual([650, 65, 10]);
  });

  it('a second fill at the same reading counts as 0 km on the same run', () => {
    const s = efficiencyRuns([fill(8_000, 40, 40_000), fill(8_000, 10, 10_000), fill(8_450, 45, 45_000)]);
    expect(s.runs).toHaveLength(1);
    expect([s.distanceKm, s.volume, s.kmPerUnit]).toEqual([450, 55, 8.18]); // 450 / 55 = 8.1818…
  });

  it('adds tenths of a km and hundredths of a litre exactly and rounds the ratios half up', () => {
    // 0.1 + 0.2 style sums: 12,345.6 → 12,345.9 → 12,346.3 on 0.1 L and 0.2 L.
    const s = efficiencyRuns([fill(12_345.6, 1, 1), fill(12_345.9, 0.1, 0.07), fill(12_346.3, 0.2, 0.08)]);
    expect(s.distanceKm).toBe(0.7);
    expect(s.volume).toBe(0.3);
    expect(s.amountKobo).toBe(15n);
    expect(s.kmPerUnit).toBe(2.33); // 0.7 / 0.3 = 2.333…
    expect(s.costPerKmKobo).toBe(21n); // 15 / 0.7 = 21.43
    expect(kmPerUnit(125, 1000)).toBe(1.25); // exactly 1.25
    expect(kmPerUnit(1_005, 10_000)).toBe(1.01); // 100.5 km / 100 L = 1.005 → half up (floats give 1.00)
    expect(kmPerUnit(100, 0)).toBeNull();
    expect(costPerKmKobo(25n, 10)).toBe(25n);
    expect(costPerKmKobo(5n, 20)).toBe(3n); // 2.5 kobo → half up
    expect(costPerKmKobo(5n, 0)).toBeNull();
  });

  it('measures kWh the same way', () => {
    const s = efficiencyRuns([fill(300, 40, 8_000), fill(540, 40, 8_000)]);
    expect([s.kmPerUnit, s.costPerKmKobo]).toEqual([6, 3_333n]); // 240 km / 40 kWh; ₦8,000 / 240 km
  });
});
