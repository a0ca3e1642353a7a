/**
 * Time, injectable so that tests can move it (insurance and coupons expire by the calendar).
 * Calendar dates are Lagos dates: a policy that ends "today" ends at midnight in Nigeria.
 */
import { businessDate } from '@fleetfuel/contract';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The calendar date (YYYY-MM-DD) in Nigeria at the given instant. */
export function lagosDate(instant: Date): string {
  return businessDate(instant);
}

/** A Lagos calendar date `days` after the given one. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The instant a Lagos calendar day begins (Nigeria keeps UTC+1 all year). */
export function lagosDayStart(date: string): Date {
  return new Date(`${date}T00:00:00+01:00`);
}

/**
 * A list's `from` and `to` (Lagos days, both included) as instants: `from` included, `until`
 * excluded, so a timestamp column is compared with its index rather than cast to a date per row.
 */
export function lagosDayRange(range: { from?: string | undefined; to?: string | undefined }): { from?: Date; until?: Date } {
  return {
    ...(range.from ? { from: lagosDayStart(range.from) } : {}),
    ...(range.to ? { until: lagosDayStart(addDays(range.to, 1)) } : {}),
  };
}

/** A PostgreSQL `time` ('HH:MM:SS') as the contract speaks a time of day ('HH:MM'). */
export const hourMinute = (time: string | null): string | null => (time === null ? null : time.slice(0, 5));
