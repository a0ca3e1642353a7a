/** Display formats of spec section 9: en-NG grouping, NGN currency, stat figures to 2 places. */
import { CURRENCY, businessDate as contractBusinessDate, calendarDay, lagosDateTime, lagosDay, lagosTimeOfDay } from '@fleetfuel/contract';
import { formatDecimal, formatNairaNumber, formatStatNumber } from './number-format';

const LOCALE = 'en-NG';

/** en-NG grouping, up to three decimals (Intl's default), without building an Intl formatter: number-format.ts. */
export function formatNumber(value: number): string {
  return formatDecimal(value, 3);
}

// In number-format.ts, which imports nothing: the prerendered Dashboard's inline script writes figures with it too.
export { formatStatNumber };

export function formatCurrency(value: number, currency: string = CURRENCY): string {
  if (currency === 'NGN') return formatNairaNumber(value);
  try {
    return new Intl.NumberFormat(LOCALE, { style: 'currency', currency }).format(value);
  } catch {
    // An unknown currency code makes Intl throw; the amount itself is still worth showing.
    return formatNumber(value);
  }
}

/** "fuel-stations" → "Fuel Stations": how path segments read in the breadcrumb. */
export function segmentLabel(segment: string): string {
  return decodeURIComponent(segment)
    .split('-')
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * Dates and times (spec section 9, issue 15): one format everywhere, "23 Nov 2026" with "14:05"
 * where a time is shown, always read in Lagos time whatever the browser's zone. The contract holds
 * the rules, so the API's PDFs and messages write the same.
 */
export { readableDates } from '@fleetfuel/contract';
/** The one line that tells the user which clock the app's times follow. */
export const TIME_ZONE_NOTE = 'All times are Lagos time (WAT).';

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The day of an instant in Lagos: "23 Nov 2026". */
export function formatDate(value: string | Date | null | undefined): string {
  // A bare calendar day (a purchase or expiry date) names no instant: it is written as is.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return calendarDay(value);
  const date = toDate(value);
  return date ? lagosDay(date) : '';
}

/** The calendar day (YYYY-MM-DD) an instant falls on in Nigeria: "today" for supply dates. */
export function businessDate(instant: Date = new Date()): string {
  return contractBusinessDate(instant);
}

/** A timestamp with its time of day, in Lagos: "23 Nov 2026, 14:05". */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? lagosDateTime(date) : '';
}

/** The time of day of a timestamp, in Lagos: "14:05". */
export function formatTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? lagosTimeOfDay(date) : '';
}

/** A calendar date (YYYY-MM-DD, such as a supply date) as written, whatever the browser's time zone. */
export function formatCalendarDate(value: string | null | undefined): string {
  return value ? calendarDay(value) : (value ?? '');
}

/** A volume with its unit and thousands separators: "1,234.5 L", "12 kWh". */
export function formatVolume(value: number, unit: string): string {
  return `${formatStatNumber(value)} ${unit}`;
}

/**
 * A fuel request's volume as lists show it: what was dispensed once it is redeemed (a partial fill
 * shows what was requested beside it), what was requested before.
 */
export function requestVolumeText(request: { volume: number; dispensedVolume: number | null; unit: string }): {
  main: string;
  detail: string | null;
} {
  if (request.dispensedVolume === null) return { main: formatVolume(request.volume, request.unit), detail: null };
  return {
    main: formatVolume(request.dispensedVolume, request.unit),
    detail: request.dispensedVolume === request.volume ? 'dispensed' : `dispensed of ${formatVolume(request.volume, request.unit)}`,
  };
}
