/**
 * Money crosses the API as naira (a JSON number with at most two decimals) and lives everywhere
 * else as integer kobo. These are the only conversions, and they are exact: no float arithmetic
 * touches an amount.
 */
import { z } from 'zod';
import { MESSAGES } from './messages.js';

const NAIRA_PATTERN = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Kobo (as a bigint or its decimal string) to naira as a JSON number. */
export function koboToNaira(kobo: bigint | string | number): number {
  const value = BigInt(kobo);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const text = `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return Number(text);
}

/** Naira (number or string with at most 2 decimals) to kobo; throws on anything else. */
export function nairaToKobo(naira: number | string): bigint {
  const text = typeof naira === 'number' ? formatPlain(naira) : naira.trim();
  const negative = text.startsWith('-');
  const match = NAIRA_PATTERN.exec(negative ? text.slice(1) : text);
  if (!match) throw new RangeError(`Not a naira amount: ${String(naira)}`);
  const kobo = BigInt(match[1] as string) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  return negative ? -kobo : kobo;
}

function formatPlain(n: number): string {
  // Number#toString never uses exponent notation for the magnitudes NAIRA_PATTERN accepts.
  return Number.isFinite(n) ? n.toString() : 'NaN';
}

export function isNairaAmount(value: number): boolean {
  try {
    nairaToKobo(value);
    return true;
  } catch {
    return false;
  }
}

/** A non-negative naira amount with at most two decimals. */
export const nairaSchema = z
  .number({ error: MESSAGES.invalidAmount })
  .nonnegative(MESSAGES.invalidAmount)
  .refine(isNairaAmount, MESSAGES.invalidAmount);

/** A naira amount above zero. */
export const positiveNairaSchema = nairaSchema.refine((v) => v > 0, MESSAGES.invalidAmount);

/**
 * Ceilings on naira a caller may send in one call, so that a slipped finger (or a probe) cannot top
 * up ₦99 billion or price petrol at ₦999 million a litre. The server's configuration may change them
 * (MAX_AMOUNT_NAIRA, MAX_PRICE_PER_UNIT_NAIRA); these are the defaults.
 */
export type MoneyLimitKind = 'amount' | 'pricePerUnit';
export const DEFAULT_MONEY_LIMITS: Readonly<Record<MoneyLimitKind, number>> = { amount: 1_000_000_000, pricePerUnit: 100_000 };

/** Kobo as people read naira, "₦1,234,567.89": exact, no float touches it. */
export function formatNaira(kobo: bigint | string | number): string {
  const value = BigInt(kobo);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}₦${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** A whole-naira figure as people write it: ₦1,000,000,000. */
export function formatWholeNaira(naira: number): string {
  return `₦${Math.trunc(naira).toLocaleString('en-US')}`;
}
