/**
 * How FleetFuel writes dates, on screen and in documents alike: "23 Nov 2026", with "14:05" where a
 * time is shown, always in Lagos time (Nigeria keeps one zone) whatever the reader's clock. Month
 * names come from a fixed table: ICU versions disagree on "Sep" and "Sept".
 */
export const BUSINESS_TIME_ZONE = 'Africa/Lagos';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * Since 1919-08-31 23:30 UTC Nigeria keeps West Africa Time, UTC+1 with no daylight saving (the tz
 * database's Africa/Lagos), so a Lagos clock is the UTC clock an hour on. Written as arithmetic:
 * a time-zone-aware Intl formatter costs ~50 ms to build in a browser (its zone data loads), on the
 * first screen of every visit (issue 16). Instants before 1919 ask the tz database, built on demand.
 */
const WEST_AFRICA_TIME_SINCE = Date.UTC(1919, 7, 31, 23, 30);
const WEST_AFRICA_TIME_OFFSET_MS = 60 * 60 * 1000;
let earlierLagosParts: Intl.DateTimeFormat | null = null;

const twoDigits = (value: number) => String(value).padStart(2, '0');

function lagosParts(instant: Date) {
  const time = instant.getTime();
  if (time >= WEST_AFRICA_TIME_SINCE) {
    const clock = new Date(time + WEST_AFRICA_TIME_OFFSET_MS);
    return {
      day: clock.getUTCDate(),
      month: clock.getUTCMonth() + 1,
      year: String(clock.getUTCFullYear()),
      hour: twoDigits(clock.getUTCHours()),
      minute: twoDigits(clock.getUTCMinutes()),
    };
  }
  earlierLagosParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: BUSINESS_TIME_ZONE,
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = earlierLagosParts.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: Number(part('day')), month: Number(part('month')), year: part('year'), hour: part('hour'), minute: part('minute') };
}

const dayText = (day: number, month: number, year: string) => `${day} ${MONTHS[month - 1] ?? ''} ${year}`;

/** "23 Nov 2026": the Lagos day of an instant. */
export function lagosDay(instant: Date): string {
  const p = lagosParts(instant);
  return dayText(p.day, p.month, p.year);
}

/** "23 Nov 2026, 14:05" in Lagos. */
export function lagosDateTime(instant: Date): string {
  const p = lagosParts(instant);
  return `${dayText(p.day, p.month, p.year)}, ${p.hour}:${p.minute}`;
}

/** "14:05": the Lagos time of day of an instant. */
export function lagosTimeOfDay(instant: Date): string {
  const p = lagosParts(instant);
  return `${p.hour}:${p.minute}`;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in Nigeria: "today" for supply dates and expiries. */
export function businessDate(instant: Date): string {
  const p = lagosParts(instant);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** "2026-11-23" → "23 Nov 2026" (a calendar day names no instant, so no zone applies); anything else unchanged. */
export function calendarDay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return value;
  return dayText(day, month, match[1] ?? '');
}

/** Every bare calendar day (YYYY-MM-DD) in a line of text, written "23 Nov 2026". */
export function readableDates(text: string): string {
  return text.replace(/(?<![\d-])\d{4}-\d{2}-\d{2}(?![\d:T-])/g, (day) => calendarDay(day));
}
