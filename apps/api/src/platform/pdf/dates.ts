/**
 * How documents write dates: "23 Nov 2026", with "14:05" where a time is shown, always in Lagos
 * time, as the web app writes them. Month names come from a fixed table: ICU versions disagree on
 * "Sep" and "Sept".
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const LAGOS_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function lagosParts(instant: Date) {
  const parts = LAGOS_PARTS.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: Number(part('day')), month: Number(part('month')), year: part('year'), hour: part('hour'), minute: part('minute') };
}

const dayText = (day: number, month: number, year: string | number) => `${day} ${MONTHS[month - 1] ?? ''} ${year}`;

/** "23 Nov 2026, 14:05" in Lagos. */
export function lagosDateTime(instant: Date): string {
  const p = lagosParts(instant);
  return `${dayText(p.day, p.month, p.year)}, ${p.hour}:${p.minute}`;
}

/** "23 Nov 2026": the Lagos day of an instant. */
export function lagosDay(instant: Date): string {
  const p = lagosParts(instant);
  return dayText(p.day, p.month, p.year);
}

/** "2026-11-23" → "23 Nov 2026" (a calendar day names no instant, so no zone applies); anything else unchanged. */
export function calendarDay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const [, year, month, day] = match;
  const m = Number(month);
  const d = Number(day);
  if (m < 1 || m > 12 || d < 1 || d > 31) return value;
  return dayText(d, m, year ?? '');
}

/** Every bare calendar day (YYYY-MM-DD) in a line of text, written "23 Nov 2026". */
export function readableDates(text: string): string {
  return text.replace(/(?<![\d-])\d{4}-\d{2}-\d{2}(?![\d:T-])/g, (day) => calendarDay(day));
}
