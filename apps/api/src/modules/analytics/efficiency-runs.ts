/**
 * True fuel efficiency of one vehicle, by the fill-to-fill method, as a pure rule (no database).
 *
 * Fill-to-fill: when every fill tops the tank up to full, the fuel put in at a fill is exactly the
 * fuel burnt since the previous fill, so an interval between two consecutive fills measures
 * `distance = later reading - earlier reading` for `volume = litres (or kWh) of the later fill`, at
 * the cost of the later fill. FleetFuel records no "tank filled fully" flag, so the service treats
 * every fill as full; `full: false` is honoured for callers that know better.
 *
 * The rule, interval by interval (previous fill P, this fill F, in redemption order):
 *   - F is measured when P has a reading and was full, F has a reading not lower than P's, and F
 *     was full. Measured intervals that follow one another form a run.
 *   - F without a reading (an omitted odometer is stored as null): the distance since P is
 *     unknown, and the fuel F put in is burnt before the next reading, so neither F's interval
 *     nor the next one can be measured. The next fill with a reading starts a new run.
 *   - F's reading lower than P's (a mistyped reading or a replaced odometer; there is no telling
 *     which reading is wrong): F's interval is not measured and F's reading starts a new run, so
 *     one bad reading costs one or two intervals instead of poisoning the whole figure.
 *   - F's reading equal to P's counts, as 0 km for F's volume: a second fill at the same reading
 *     (a coupon that did not fill the tank, topped up the same day) is fuel that the next
 *     interval's distance was driven on, and dropping it would flatter the vehicle.
 *   - F partial (not filled up): F's volume is less than what was burnt since P, and the next
 *     fill's volume is more than what was burnt after F, so neither interval is measured; the next
 *     full fill with a reading starts a new run.
 *
 * Only the period's fills are counted; the fill just before the period (inPeriod false) only gives
 * the first interval its start. The figures add exactly: distances in tenths of a km (the
 * odometer's scale), volumes in hundredths (the dispensed volume's scale), money in kobo; the
 * ratios are rounded half up at the end.
 */

export interface EfficiencyFill {
  /** km; null when no reading was given. */
  odometer: number | null;
  /** Litres, or kWh for an electric vehicle. */
  volume: number;
  amountKobo: bigint;
  /** Whether the tank was filled up; absent means yes (the fill-to-fill assumption). */
  full?: boolean;
  /** False for the fill just before the period, which only starts the first interval. */
  inPeriod: boolean;
}

interface EfficiencyRun {
  startOdometer: number;
  endOdometer: number;
  distanceKm: number;
  volume: number;
  amountKobo: bigint;
  /** Measured intervals (fills) in the run. */
  intervals: number;
}

export interface EfficiencySummary {
  /** The period's fills, measured or not. */
  fills: number;
  runs: EfficiencyRun[];
  distanceKm: number;
  volume: number;
  amountKobo: bigint;
  /** km per litre (or kWh), 2 decimals; null when no interval was measured. */
  kmPerUnit: number | null;
  /** Kobo per km, whole kobo; null when no distance was measured. */
  costPerKmKobo: bigint | null;
}

const tenths = (km: number) => Math.round(km * 10);
const hundredths = (volume: number) => Math.round(volume * 100);

/** n / d rounded half up, for n >= 0 and d > 0. */
function divideRounded(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** km per unit, 2 decimals, from tenths of a km and hundredths of a unit. */
export function kmPerUnit(distanceTenths: number, volumeHundredths: number): number | null {
  if (volumeHundredths <= 0) return null;
  // (tenths / 10) / (hundredths / 100) * 100 = tenths * 1000 / hundredths, in hundredths of a km/unit.
  return Number(divideRounded(BigInt(distanceTenths) * 1000n, BigInt(volumeHundredths))) / 100;
}

/** Kobo per km, whole kobo, from kobo and tenths of a km. */
export function costPerKmKobo(amountKobo: bigint, distanceTenths: number): bigint | null {
  if (distanceTenths <= 0) return null;
  return divideRounded(amountKobo * 10n, BigInt(distanceTenths));
}

interface OpenRun {
  startTenths: number;
  endTenths: number;
  volumeHundredths: number;
  amountKobo: bigint;
  intervals: number;
}

/** One vehicle's fills, oldest first (the fill before the period, if any, first of all). */
export function efficiencyRuns(fills: readonly EfficiencyFill[]): EfficiencySummary {
  const runs: OpenRun[] = [];
  let current: OpenRun | null = null;
  /** The reading the next interval starts from: the last full fill with a reading, if it was the previous fill. */
  let anchor: number | null = null;

  for (const fill of fills) {
    const reading = fill.odometer === null ? null : tenths(fill.odometer);
    const full = fill.full !== false;
    const measured = fill.inPeriod && anchor !== null && reading !== null && full && reading >= anchor;
    if (measured && anchor !== null && reading !== null) {
      if (current === null) {
        current = { startTenths: anchor, endTenths: anchor, volumeHundredths: 0, amountKobo: 0n, intervals: 0 };
        runs.push(current);
      }
      current.endTenths = reading;
      current.volumeHundredths += hundredths(fill.volume);
      current.amountKobo += fill.amountKobo;
      current.intervals += 1;
    } else {
      // Any unmeasured interval closes the run; the next measured one opens another.
      current = null;
    }
    anchor = reading !== null && full ? reading : null;
  }

  const distanceTenths = runs.reduce((sum, run) => sum + (run.endTenths - run.startTenths), 0);
  const volumeHundredths = runs.reduce((sum, run) => sum + run.volumeHundredths, 0);
  const amountKobo = runs.reduce((sum, run) => sum + run.amountKobo, 0n);
  return {
    fills: fills.filter((fill) => fill.inPeriod).length,
    runs: runs.map((run) => ({
      startOdometer: run.startTenths / 10,
      endOdometer: run.endTenths / 10,
      distanceKm: (run.endTenths - run.startTenths) / 10,
      volume: run.volumeHundredths / 100,
      amountKobo: run.amountKobo,
      intervals: run.intervals,
    })),
    distanceKm: distanceTenths / 10,
    volume: volumeHundredths / 100,
    amountKobo,
    kmPerUnit: kmPerUnit(distanceTenths, volumeHundredths),
    costPerKmKobo: costPerKmKobo(amountKobo, distanceTenths),
  };
}
