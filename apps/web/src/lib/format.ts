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
