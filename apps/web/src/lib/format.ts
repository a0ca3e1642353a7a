/** Display formats of spec section 9: en-NG grouping, NGN currency, stat figures to 2 places. */
import { CURRENCY } from '@fleetfuel/contract';

const LOCALE = 'en-NG';

const numberFormat = new Intl.NumberFormat(LOCALE);
const statFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** Stat cards round decimals to two places and keep the thousands separators. */
export function formatStatNumber(value: number): string {
  return statFormat.format(value);
}

export function formatCurrency(value: number, currency: string = CURRENCY): string {
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
 * where a time is shown, always read in Lagos time whatever the browser's zone. The API's PDFs
 * write the same. Month names come from a fixed table: ICU versions disagree on "Sep" and "Sept".
 */
/** Nigeria keeps one time zone; calendar days and times of day are read there, as the server writes them. */
export const BUSINESS_TIME_ZONE = 'Africa/Lagos';
/** The one line that tells the user which clock the app's times follow. */
export const TIME_ZONE_NOTE = 'All times are Lagos time (WAT).';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const lagosPartsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

interface LagosParts {
  year: string;
  month: number;
  day: number;
  hour: string;
  minute: string;
}

function lagosParts(date: Date): LagosParts {
  const parts = lagosPartsFormat.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: part('year'), month: Number(part('month')), day: Number(part('day')), hour: part('hour'), minute: part('minute') };
}

function dayText(day: number, month: number, year: string): string {
  return `${day} ${MONTHS[month - 1] ?? ''} ${year}`;
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The day of an instant in Lagos: "23 Nov 2026". */
export function formatDate(value: string | Date | null | undefined): string {
  // A bare calendar day (a purchase or expiry date) names no instant: it is written as is.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatCalendarDate(value);
  const date = toDate(value);
  if (!date) return '';
  const p = lagosParts(date);
  return dayText(p.day, p.month, p.year);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in Nigeria: "today" for supply dates. */
export function businessDate(instant: Date = new Date()): string {
  const p = lagosParts(instant);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** A timestamp with its time of day, in Lagos: "23 Nov 2026, 14:05". */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const p = lagosParts(date);
  return `${dayText(p.day, p.month, p.year)}, ${p.hour}:${p.minute}`;
}

/** The time of day of a timestamp, in Lagos: "14:05". */
export function formatTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const p = lagosParts(date);
  return `${p.hour}:${p.minute}`;
}

/** A calendar date (YYYY-MM-DD, such as a supply date) as written, whatever the browser's time zone. */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return value ?? '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return value;
  return dayText(day, month, match[1] ?? '');
}

/** Every bare calendar day (YYYY-MM-DD) inside a sentence the server wrote, as "23 Nov 2026". */
export function readableDates(text: string): string {
  return text.replace(/(?<![\d-])\d{4}-\d{2}-\d{2}(?![\d:T-])/g, (day) => formatCalendarDate(day));
}

/** A volume with its unit and thousands separators: "1,234.5 L", "12 kWh". */
export function formatVolume(value: number, unit: string): string {
  return `${statFormat.format(value)} ${unit}`;
}
