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
