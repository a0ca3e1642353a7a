/** Display formats of spec section 9: en-NG grouping, NGN currency, stat figures to 2 places. */
import { CURRENCY } from '@fleetfuel/contract';

const LOCALE = 'en-NG';

const numberFormat = new Intl.NumberFormat(LOCALE);
const statFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
const dateFormat = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric' });

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

export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** "fuel-stations" → "Fuel Stations": how path segments read in the breadcrumb. */
export function segmentLabel(segment: string): string {
  return decodeURIComponent(segment)
    .split('-')
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Nigeria keeps one time zone; calendar days and times of day are read there, as the server writes them. */
export const BUSINESS_TIME_ZONE = 'Africa/Lagos';

const calendarDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: BUSINESS_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const timeFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: BUSINESS_TIME_ZONE, hour: 'numeric', minute: '2-digit' });
const calendarDateFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });

/** The calendar day (YYYY-MM-DD) an instant falls on in Nigeria: "today" for supply dates. */
export function businessDate(instant: Date = new Date()): string {
  return calendarDayFormat.format(instant);
}

/** A timestamp with its time of day, in Nigerian time. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
}

/** The time of day of a timestamp, in Nigerian time. */
export function formatTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
}

/** A calendar date (YYYY-MM-DD, such as a supply date) as written, whatever the browser's time zone. */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return value ?? '';
  return calendarDateFormat.format(new Date(`${value}T00:00:00Z`));
}

/** A volume with its unit and thousands separators: "1,234.5 L", "12 kWh". */
export function formatVolume(value: number, unit: string): string {
  return `${statFormat.format(value)} ${unit}`;
}
