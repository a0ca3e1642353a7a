/** Axis and tick texts of the charts: short enough for a phone, never inventing a figure. */
import { formatCompactNumber } from '@/lib/number-format';

/** "1,250" → "1.3K", "308100" → "308.1K"; small numbers stay as they are. */
export function formatCompact(value: number): string {
  return formatCompactNumber(value);
}

/** An amount of naira on an axis: "₦308.1K". */
export function formatCompactNaira(value: number): string {
  const text = formatCompactNumber(Math.abs(value));
  return `${value < 0 ? '-' : ''}₦${text}`;
}

/** The server's month label "Sept 2026" as a tick: "Sept ’26". Anything else is kept. */
export function shortMonthLabel(label: string): string {
  const match = /^(\S+)\s+\d{2}(\d{2})$/.exec(label.trim());
  return match ? `${match[1]} ’${match[2]}` : label;
}

/** A chart of nothing but zeros says "No Record" rather than draw a flat line. */
export function hasFigures(values: Iterable<number>): boolean {
  for (const value of values) if (value !== 0) return true;
  return false;
}

/** Room for the bars of a horizontal chart: one band per category, within bounds. */
export function categoryChartHeight(count: number): number {
  return Math.min(560, Math.max(160, count * 40 + 48));
}
