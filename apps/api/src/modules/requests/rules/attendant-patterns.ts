/**
 * The patterns that collusion between attendants and drivers leaves in a station's redemptions
 * (issue 42): pure rules over the counts the repository reads, each flag saying its numbers. A
 * pattern is a reason to look, not proof: an honest attendant may round a fill; the manager judges.
 */
import type { AttendantPatternFlag, RequestFlag } from '@fleetfuel/contract';
import { lagosClockTime, withinHours } from './fuel-policies.js';

/** A fill within this many percent under the coupon's maximum (and not the maximum) is "near" it. */
export const NEAR_MAXIMUM_PERCENT = 5;
/** Round volumes are whole multiples of this many litres (kWh, kg). */
export const ROUND_VOLUME_STEP = 5;
/** A second fill of one vehicle sooner than this after its previous fill. */
export const REPEAT_VEHICLE_MINUTES = 60;
/** Fewer fills than this showing a pattern are no pattern. */
const MIN_PATTERN_FILLS = 3;
/** The share of an attendant's fills near the maximum that raises the flag. */
const NEAR_MAXIMUM_SHARE = 0.3;
/** The share of an attendant's fills at round volumes that raises the flag. */
const ROUND_VOLUMES_SHARE = 0.5;
/** A driver–attendant pair counts from this many fills. */
export const MIN_PAIR_FILLS = 5;
/** The pair's share of the driver's fills that raises the flag, and how many times the attendant's own share it must be. */
const PAIR_SHARE = 0.6;
const PAIR_SHARE_FACTOR = 2;

/** An attendant's redemptions in the period at one station, with the fills that show each pattern. */
export interface AttendantTally {
  redemptions: number;
  nearMaximum: number;
  roundVolumes: number;
  repeatVehicle: number;
  outsideHours: number;
}

/** One driver's fills at the station by this attendant, against the driver's fills there by anyone. */
interface DriverPair {
  driverName: string;
  pairFills: number;
  driverFills: number;
}

export interface PatternContext {
  /** Every attendant's redemptions at the station in the period (the scope's). */
  stationRedemptions: number;
  pairs: readonly DriverPair[];
  /** 'HH:MM' Lagos; null: open around the clock. */
  hours: { opens: string; closes: string } | null;
}

const percent = (part: number, whole: number) => Math.round((100 * part) / whole);
const fills = (n: number) => `${n} ${n === 1 ? 'fill' : 'fills'}`;

export function attendantPatternFlags(tally: AttendantTally, context: PatternContext): AttendantPatternFlag[] {
  const flags: AttendantPatternFlag[] = [];
  const total = tally.redemptions;
  if (total === 0) return flags;

  if (tally.nearMaximum >= MIN_PATTERN_FILLS && tally.nearMaximum / total >= NEAR_MAXIMUM_SHARE) {
    flags.push({
      code: 'NEAR_MAXIMUM',
      severity: 'warning',
      message: `${tally.nearMaximum} of ${fills(total)} (${percent(tally.nearMaximum, total)}%) stopped within ${NEAR_MAXIMUM_PERCENT}% under the coupon's maximum`,
    });
  }
  if (tally.roundVolumes >= MIN_PATTERN_FILLS && tally.roundVolumes / total >= ROUND_VOLUMES_SHARE) {
    flags.push({
      code: 'ROUND_VOLUMES',
      severity: 'warning',
      message: `${tally.roundVolumes} of ${fills(total)} (${percent(tally.roundVolumes, total)}%) were round volumes (multiples of ${ROUND_VOLUME_STEP}) below the coupon's maximum`,
    });
  }
  if (tally.repeatVehicle > 0) {
    flags.push({
      code: 'REPEAT_VEHICLE',
      severity: 'critical',
      message: `${fills(tally.repeatVehicle)} for a vehicle less than ${REPEAT_VEHICLE_MINUTES} minutes after its previous fill`,
    });
  }
  const ownShare = context.stationRedemptions > 0 ? total / context.stationRedemptions : 1;
  for (const pair of context.pairs) {
    if (pair.pairFills < MIN_PAIR_FILLS || pair.driverFills === 0) continue;
    const pairShare = pair.pairFills / pair.driverFills;
    if (pairShare >= PAIR_SHARE && pairShare >= PAIR_SHARE_FACTOR * ownShare) {
      flags.push({
        code: 'DRIVER_PAIR',
        severity: 'warning',
        message: `Redeemed ${pair.pairFills} of ${pair.driverName}'s ${pair.driverFills} fills (${percent(pair.pairFills, pair.driverFills)}%), against ${percent(total, context.stationRedemptions)}% of all fills here`,
      });
    }
  }
  if (tally.outsideHours > 0 && context.hours) {
    flags.push({
      code: 'OUTSIDE_HOURS',
      severity: 'critical',
      message: `${fills(tally.outsideHours)} outside the station's opening hours (${context.hours.opens}–${context.hours.closes})`,
    });
  }
  return flags;
}

/**
 * At the pump: the fill's own flag when the station is closed by its opening hours ('HH:MM' Lagos,
 * null: open around the clock), for the review queue; the attendant's tally counts the same fills.
 */
export function outsideHoursFlag(at: Date, hours: { opens: string; closes: string } | null): RequestFlag[] {
  if (!hours || withinHours(at, { from: hours.opens, to: hours.closes })) return [];
  return [
    {
      code: 'OUTSIDE_HOURS',
      severity: 'critical',
      message: `Redeemed at ${lagosClockTime(at)}, outside the station's opening hours (${hours.opens}–${hours.closes})`,
    },
  ];
}
