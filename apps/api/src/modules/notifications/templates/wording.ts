/**
 * How messages write days, times, fuel and money in each language, without the runtime's locale
 * data (a server built with small ICU would write "2026 M11 29"): month names are our own, and
 * money is `formatNaira` (₦1,234.50) in every language. The words agree with docs/glossary.md.
 */
import { FUEL_UNITS, businessDate, calendarDay, formatNaira, lagosTimeOfDay, type Language, type SoldFuelType } from '@fleetfuel/contract';
import { formatNumber } from '../../../platform/number-format.js';

const MONTHS: Record<Exclude<Language, 'en'>, readonly string[]> = {
  pcm: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  ha: ['Janairu', 'Faburairu', 'Maris', 'Afirilu', 'Mayu', 'Yuni', 'Yuli', 'Agusta', 'Satumba', 'Oktoba', 'Nuwamba', 'Disamba'],
  yo: ['Jánúárì', 'Fẹ́búárì', 'Máàṣì', 'Épírẹ́lì', 'Méè', 'Júùnù', 'Júláì', 'Ọ́gọ́sì', 'Sẹ́tẹ́ńbà', 'Ọ́kútóbà', 'Nọ́fẹ́ńbà', 'Dìsẹ́ńbà'],
  ig: ['Jenụwarị', 'Febụwarị', 'Maachị', 'Eprel', 'Mee', 'Juun', 'Julaị', 'Ọgọst', 'Septemba', 'Ọktoba', 'Novemba', 'Disemba'],
};

/** A month's first three letters without tone marks (dots below stay): "Sẹ́tẹ́ńbà" → "Sẹt", for texts, where each letter costs. */
const shortMonth = (month: string) =>
  [
    ...month
      .normalize('NFD')
      .replace(/[\u0300\u0301\u0304]/g, '')
      .normalize('NFC'),
  ]
    .slice(0, 3)
    .join('');

/**
 * "2026-11-29" → "29 Nov 2026" (English, as every FleetFuel screen writes it), "29 Nuwamba 2026"
 * (Hausa)…; `short` months ("29 Nuw 2026") for texts.
 */
export function dayIn(language: Language, day: string, form: 'long' | 'short' = 'long'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  const month = match ? MONTHS[language === 'en' ? 'pcm' : language][Number(match[2]) - 1] : undefined;
  if (!match || !month) return day;
  if (language === 'en') return calendarDay(day.slice(0, 10));
  return `${Number(match[3])} ${form === 'short' ? shortMonth(month) : month} ${match[1]}`;
}

/** An instant (ISO text) as its Lagos day and time: "29 Nov 2026, 14:05". */
export function dateTimeIn(language: Language, instant: string, form: 'long' | 'short' = 'long'): string {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) return instant;
  return `${dayIn(language, businessDate(at), form)}, ${lagosTimeOfDay(at)}`;
}

/** The fuels by the names drivers and attendants use (English keeps the product's own names). */
const FUEL_NAMES: Record<Language, Record<SoldFuelType, string>> = {
  en: { PETROL: 'PETROL', DIESEL: 'DIESEL', ELECTRIC: 'ELECTRIC', CNG: 'CNG' },
  pcm: { PETROL: 'petrol', DIESEL: 'diesel', ELECTRIC: 'light (electric)', CNG: 'CNG gas' },
  ha: { PETROL: 'fetur', DIESEL: 'dizal', ELECTRIC: 'wutar lantarki', CNG: 'gas CNG' },
  yo: { PETROL: 'epo pẹtiró', DIESEL: 'epo diisẹli', ELECTRIC: 'iná mànàmáná', CNG: 'gáàsì CNG' },
  ig: { PETROL: 'petrol', DIESEL: 'dizel', ELECTRIC: 'ọkụ eletrik', CNG: 'gas CNG' },
};

export const fuelName = (language: Language, fuelType: SoldFuelType): string => FUEL_NAMES[language][fuelType];

/** "20 L": a quantity in its fuel's unit. */
export const quantity = (amount: number, fuelType: SoldFuelType): string => `${formatNumber(amount, 2)} ${FUEL_UNITS[fuelType]}`;

/** "20 L of PETROL", "20 L na fetur", "epo pẹtiró 20 L"… */
export function volumeIn(language: Language, amount: number, fuelType: SoldFuelType): string {
  const size = quantity(amount, fuelType);
  const fuel = fuelName(language, fuelType);
  switch (language) {
    case 'en':
      return `${size} of ${fuel}`;
    case 'pcm':
      return `${size} ${fuel}`;
    case 'ha':
      return `${size} na ${fuel}`;
    default:
      return `${fuel} ${size}`;
  }
}

/** Kobo (as stored in JSON: text) as "₦1,234.50" whatever the language. */
export const money = (kobo: string): string => formatNaira(kobo);
