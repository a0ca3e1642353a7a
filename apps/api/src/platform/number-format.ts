/**
 * Numbers as the API's messages and documents write them (en-NG grouping: 12,345.5). One
 * formatter is kept per precision: `toLocaleString` with a locale builds a new one on every call,
 * which cost a redemption ~2% of the server's time and a report one per figure of every row.
 */
const formatters = new Map<number, Intl.NumberFormat>();

/** `value` with at most `maxFractionDigits` decimals (3 is `toLocaleString`'s own default). */
export function formatNumber(value: number, maxFractionDigits = 3): string {
  let formatter = formatters.get(maxFractionDigits);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-NG', { maximumFractionDigits: maxFractionDigits });
    formatters.set(maxFractionDigits, formatter);
  }
  return formatter.format(value);
}
