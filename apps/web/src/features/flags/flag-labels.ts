/** How the review queue reads on screen (issue 44): each flag's code, severity, step and status in plain words. */
import { FLAG_SEVERITIES, FLAG_STATUSES, FLAG_VERDICTS, REQUEST_FLAG_CODES, type FlagStatus, type ReviewFlag } from '@fleetfuel/contract';

type FlagCode = ReviewFlag['code'];
type FlagSeverity = ReviewFlag['severity'];
type FlagVerdict = (typeof FLAG_VERDICTS)[number];

export const CODE_LABELS: Record<FlagCode, string> = {
  VOLUME_ABOVE_TANK: 'Volume above tank size',
  TANK_OVERFILL: 'Tank overfill',
  ODOMETER_BACKWARDS: 'Odometer went backwards',
  ODOMETER_JUMP: 'Odometer jump',
  EFFICIENCY_OUTLIER: 'Unusual fuel efficiency',
  PRICE_ABOVE_STATION_MEDIAN: "Price above the station's usual",
  REPEAT_WITHIN_12H: 'Repeat fill within 12 hours',
  DISPENSED_OFF_PATTERN: 'Unusual dispensed volume',
  POLICY_BREACH: 'Policy breach',
  REPEAT_VEHICLE: 'Vehicle filled again within the hour',
  OUTSIDE_HOURS: 'Filled while the station was closed',
};

export const STATUS_LABELS: Record<FlagStatus, string> = {
  OPEN: 'To review',
  LEGITIMATE: 'Legitimate',
  SUSPECTED: 'Suspected',
  CONFIRMED_FRAUD: 'Confirmed fraud',
};

export const STATUS_COLORS: Record<FlagStatus, string> = {
  OPEN: 'blue',
  LEGITIMATE: 'green',
  SUSPECTED: 'orange',
  CONFIRMED_FRAUD: 'red',
};

export const SEVERITY_LABELS: Record<FlagSeverity, string> = { warning: 'Warning', critical: 'Critical' };
export const SEVERITY_COLORS: Record<FlagSeverity, string> = { warning: 'orange', critical: 'red' };

export const STEP_LABELS: Record<ReviewFlag['step'], string> = {
  REQUEST: 'When the fuel was requested',
  REDEMPTION: 'At the pump',
};

export const VERDICT_DESCRIPTIONS: Record<FlagVerdict, string> = {
  LEGITIMATE: 'The fill was in order: nothing to follow up.',
  SUSPECTED: 'Something is not right: keep an eye on this vehicle and driver.',
  CONFIRMED_FRAUD: 'The fuel was misused: record any money recovered.',
};

export const VERDICT_OPTIONS = FLAG_VERDICTS.map((value) => ({ value, label: STATUS_LABELS[value] }));
export const STATUS_OPTIONS = FLAG_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));
export const SEVERITY_OPTIONS = FLAG_SEVERITIES.map((value) => ({ value, label: SEVERITY_LABELS[value] }));
export const CODE_OPTIONS = REQUEST_FLAG_CODES.map((value) => ({ value, label: CODE_LABELS[value] }));

export const isOneOf = <T extends string>(choices: readonly T[], value: string): value is T =>
  (choices as readonly string[]).includes(value);

/** The flag's asset: its plate, or its make and model when it has none (generators). */
export function vehicleLabel(vehicle: ReviewFlag['vehicle']): string {
  return vehicle.plateNumber ?? `${vehicle.make} ${vehicle.model}`;
}
