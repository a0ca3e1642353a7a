/**
 * Explainable anomaly flags on a fuel request (issue 12): pure rules over numbers the service loads,
 * each flag saying the figures that raised it so that the approver can judge it. A flag never
 * refuses a request; the hard rules (shared.ts, the service) do that.
 */
import { formatNaira, FUEL_UNITS, type RequestFlag, type SoldFuelType } from '@fleetfuel/contract';
import { litres } from '../format.js';
import { REPEAT_VEHICLE_MINUTES } from './attendant-patterns.js';
import { formatNumber } from '../../../platform/number-format.js';

/** No vehicle of a fleet averages more than this between two readings (issue 42). */
const MAX_KM_PER_HOUR = 120;
/** A distance since the last fill this many times the vehicle's usual one is flagged (issue 42). */
const USUAL_DISTANCE_MULTIPLE = 3;
/** A price this much above the station's own median is flagged (20%). */
const PRICE_TOLERANCE_PERCENT = 20;
/** A second request for the same vehicle within this many hours is flagged. */
const REPEAT_WINDOW_HOURS = 12;
/** How far (in points of the approved volume) a fill may stray from the vehicle's usual share. */
const DISPENSED_TOLERANCE_POINTS = 30;
/** Fewer past samples than this make no pattern to compare against. */
const MIN_SAMPLES = 3;

const HOUR_MS = 3_600_000;

/** A completed fill of the vehicle, newest first in the inputs. */
export interface PreviousFill {
  odometer: number | null;
  approvedVolume: number;
  dispensedVolume: number;
  redeemedAt: Date;
}

export interface FlagInputs {
  fuelType: SoldFuelType;
  /** The requested (approved) volume. */
  volume: number;
  /** Percent of the tank (0 … 70), as the form gives it. */
  tankLevel: number | null;
  odometer: number | null;
  /** When the request is made, or redeemed: the time the odometer reading is taken. */
  at: Date;
  /** When the request was made: a repeat is judged by that, even at redemption. */
  requestedAt: Date;
  /** The price per unit the request pays (current at creation, locked at redemption). */
  priceKobo: bigint | null;
  /** Set at redemption only. */
  dispensedVolume: number | null;
  vehicle: { tankSize: number | null; lastOdometer: number | null };
  /** The vehicle's completed fills before this request, newest first. */
  previousFills: PreviousFill[];
  /** Median price per unit of this fuel at the station over the last 90 days. */
  stationMedianPriceKobo: bigint | null;
  /** When the vehicle's latest other request (not rejected) made before this one was made. */
  previousRequestAt: Date | null;
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const km = (value: number) => `${formatNumber(value, 1)} km`;
const oneDecimal = (value: number) => formatNumber(value, 1);

function tankFlags(input: FlagInputs): RequestFlag[] {
  const { tankSize } = input.vehicle;
  if (tankSize === null) return [];
  const volume = (v: number) => litres(v, input.fuelType);
  if (input.volume > tankSize) {
    return [
      { code: 'VOLUME_ABOVE_TANK', severity: 'critical', message: `${volume(input.volume)} requested; tank holds ${volume(tankSize)}` },
    ];
  }
  const inTank = ((input.tankLevel ?? 0) * tankSize) / 100;
  if (inTank + input.volume <= tankSize) return [];
  return [
    {
      code: 'TANK_OVERFILL',
      severity: 'warning',
      message: `${volume(input.volume)} requested with the tank at ${input.tankLevel ?? 0}% (${volume(inTank)}); ${volume(inTank + input.volume)} is more than the ${volume(tankSize)} tank`,
    },
  ];
}

/** The latest odometer reading of the vehicle's fills, with when it was taken. */
function lastTimedReading(fills: PreviousFill[]): { odometer: number; at: Date } | null {
  const fill = fills.find((f) => f.odometer !== null);
  return fill ? { odometer: fill.odometer as number, at: fill.redeemedAt } : null;
}

/** The distances between the vehicle's consecutive fills with readings (a reading that went back measures nothing). */
function pastDistances(fills: PreviousFill[]): number[] {
  const distances: number[] = [];
  for (let i = 0; i + 1 < fills.length; i += 1) {
    const fill = fills[i] as PreviousFill;
    const before = fills[i + 1] as PreviousFill;
    if (fill.odometer !== null && before.odometer !== null && fill.odometer > before.odometer)
      distances.push(fill.odometer - before.odometer);
  }
  return distances;
}

/** "5 h" under two days, "3.5 days" after. */
function elapsed(hours: number): string {
  return hours < 48 ? `${oneDecimal(hours)} h` : `${oneDecimal(hours / 24)} days`;
}

/** A jump no drive explains: faster than 120 km/h since the last reading, or 3× the vehicle's usual distance between fills. */
function jumpFlag(reading: number, timed: { odometer: number; at: Date }, input: FlagInputs): RequestFlag | null {
  const distance = reading - timed.odometer;
  const past = `Odometer ${km(reading)} is ${km(distance)} past the reading of ${km(timed.odometer)}`;
  // A reading within the hour still allows an hour's drive: a clock's minutes are no evidence.
  const hours = Math.max(1, (input.at.getTime() - timed.at.getTime()) / HOUR_MS);
  if (distance > MAX_KM_PER_HOUR * hours) {
    return {
      code: 'ODOMETER_JUMP',
      severity: 'critical',
      message: `${past} ${elapsed(hours)} earlier; more than ${MAX_KM_PER_HOUR} km/h`,
    };
  }
  const distances = pastDistances(input.previousFills);
  const usual = median(distances);
  if (usual === null || distances.length < MIN_SAMPLES || distance <= USUAL_DISTANCE_MULTIPLE * usual) return null;
  return {
    code: 'ODOMETER_JUMP',
    severity: 'warning',
    message: `${past}; more than ${USUAL_DISTANCE_MULTIPLE}× this vehicle's usual ${km(usual)} between fills`,
  };
}

function odometerFlags(input: FlagInputs): RequestFlag[] {
  const reading = input.odometer;
  if (reading === null) return [];
  const timed = lastTimedReading(input.previousFills);
  const last = Math.max(input.vehicle.lastOdometer ?? -Infinity, timed?.odometer ?? -Infinity);
  if (reading < last) {
    return [
      { code: 'ODOMETER_BACKWARDS', severity: 'critical', message: `Odometer ${km(reading)} is below the last reading of ${km(last)}` },
    ];
  }
  const jump = timed ? jumpFlag(reading, timed, input) : null;
  return jump ? [jump] : [];
}

/** Km per unit of each past fill: the distance since the fill before it over the volume it took. */
function pastEfficiencies(fills: PreviousFill[]): number[] {
  const runs: number[] = [];
  for (let i = 0; i + 1 < fills.length; i += 1) {
    const fill = fills[i] as PreviousFill;
    const before = fills[i + 1] as PreviousFill;
    if (fill.odometer !== null && before.odometer !== null && fill.dispensedVolume > 0 && fill.odometer >= before.odometer) {
      runs.push((fill.odometer - before.odometer) / fill.dispensedVolume);
    }
  }
  return runs;
}

function efficiencyFlags(input: FlagInputs): RequestFlag[] {
  const previous = input.previousFills[0];
  const volume = input.dispensedVolume ?? input.volume;
  if (input.odometer === null || previous?.odometer == null || volume <= 0 || input.odometer < previous.odometer) return [];
  const runs = pastEfficiencies(input.previousFills);
  const usual = median(runs);
  if (usual === null || runs.length < MIN_SAMPLES || usual <= 0) return [];
  const efficiency = (input.odometer - previous.odometer) / volume;
  if (efficiency >= usual / 2 && efficiency <= usual * 2) return [];
  const unit = FUEL_UNITS[input.fuelType];
  return [
    {
      code: 'EFFICIENCY_OUTLIER',
      severity: 'warning',
      message: `${oneDecimal(efficiency)} km/${unit} since the previous fill (${km(input.odometer - previous.odometer)} on ${litres(volume, input.fuelType)}); this vehicle's median is ${oneDecimal(usual)} km/${unit}`,
    },
  ];
}

function priceFlags(input: FlagInputs): RequestFlag[] {
  const { priceKobo, stationMedianPriceKobo: usual } = input;
  if (priceKobo === null || usual === null || usual <= 0n) return [];
  if (priceKobo * 100n <= usual * BigInt(100 + PRICE_TOLERANCE_PERCENT)) return [];
  const percentAbove = Number(((priceKobo - usual) * 1000n) / usual) / 10;
  return [
    {
      code: 'PRICE_ABOVE_STATION_MEDIAN',
      severity: 'warning',
      message: `${formatNaira(priceKobo)} per ${FUEL_UNITS[input.fuelType]} is ${oneDecimal(percentAbove)}% above the station's 90-day median of ${formatNaira(usual)}`,
    },
  ];
}

function repeatFlags(input: FlagInputs): RequestFlag[] {
  if (!input.previousRequestAt) return [];
  // Never negative: the other request is earlier, even when the clocks that stamped them differ.
  const hours = Math.max(0, (input.requestedAt.getTime() - input.previousRequestAt.getTime()) / HOUR_MS);
  if (hours >= REPEAT_WINDOW_HOURS) return [];
  return [
    {
      code: 'REPEAT_WITHIN_12H',
      severity: 'warning',
      message: `Another request for this vehicle was made ${hours < 1 ? `${Math.round(hours * 60)} min` : `${oneDecimal(hours)} h`} earlier; less than ${REPEAT_WINDOW_HOURS} h apart`,
    },
  ];
}

/** At the pump: a second fill of the vehicle within the hour (a coupon split, or a vehicle used twice). */
function repeatFillFlags(input: FlagInputs): RequestFlag[] {
  const previous = input.previousFills[0];
  if (input.dispensedVolume === null || !previous) return [];
  const minutes = Math.max(0, (input.at.getTime() - previous.redeemedAt.getTime()) / 60_000);
  if (minutes >= REPEAT_VEHICLE_MINUTES) return [];
  return [
    {
      code: 'REPEAT_VEHICLE',
      severity: 'critical',
      message: `Filled ${Math.round(minutes)} min after this vehicle's previous fill; less than ${REPEAT_VEHICLE_MINUTES} minutes apart`,
    },
  ];
}

function dispensedFlags(input: FlagInputs): RequestFlag[] {
  const dispensed = input.dispensedVolume;
  if (dispensed === null || input.volume <= 0) return [];
  const shares = input.previousFills.filter((f) => f.approvedVolume > 0).map((f) => (100 * f.dispensedVolume) / f.approvedVolume);
  const usual = median(shares);
  if (usual === null || shares.length < MIN_SAMPLES) return [];
  const share = (100 * dispensed) / input.volume;
  if (Math.abs(share - usual) <= DISPENSED_TOLERANCE_POINTS) return [];
  return [
    {
      code: 'DISPENSED_OFF_PATTERN',
      severity: 'warning',
      message: `${litres(dispensed, input.fuelType)} dispensed of ${litres(input.volume, input.fuelType)} approved (${Math.round(share)}%); this vehicle usually takes ${Math.round(usual)}%`,
    },
  ];
}

/** Every flag a request raises, in a stable order. */
export function anomalyFlags(input: FlagInputs): RequestFlag[] {
  return [
    ...tankFlags(input),
    ...odometerFlags(input),
    ...efficiencyFlags(input),
    ...priceFlags(input),
    ...repeatFlags(input),
    ...repeatFillFlags(input),
    ...dispensedFlags(input),
  ];
}
