/**
 * Numbers written as `Intl.NumberFormat('en-NG', …)` writes them, without building one: the first
 * formatter a page builds loads the locale's data (~20 ms on a mid-range phone, counted four times
 * over by Lighthouse's), and the dashboard's first figures would wait on it (issue 16). en-NG is a
 * plain locale: "-" for minus, "," between groups of three, "." before the decimals, "₦" before
 * naira, K/M/B/T for compact figures. number-format.test.ts compares every function here with Intl.
 *
 * Rounding is Intl's default (half away from zero) on the number's shortest decimal form, the one
 * `String(value)` prints, as ICU does: 1.005 is "1.005" and rounds to "1.01", not to toFixed's "1.00".
 */

/** The digits of |value| as its shortest decimal form: "1234.5" → { whole: "1234", fraction: "5" }. */
function decimalDigits(value: number): { whole: string; fraction: string } {
  const text = String(Math.abs(value));
  const exponentAt = text.indexOf('e');
  if (exponentAt < 0) {
    const [whole = '0', fraction = ''] = text.split('.');
    return { whole, fraction };
  }
  // 1e21 and 5e-7: String() switches to exponent form outside [1e-7, 1e21).
  const [mantissaWhole = '0', mantissaFraction = ''] = text.slice(0, exponentAt).split('.');
  const exponent = Number(text.slice(exponentAt + 1));
  const digits = mantissaWhole + mantissaFraction;
  const point = mantissaWhole.length + exponent;
  if (point <= 0) return { whole: '0', fraction: '0'.repeat(-point) + digits };
  if (point >= digits.length) return { whole: digits + '0'.repeat(point - digits.length), fraction: '' };
  return { whole: digits.slice(0, point), fraction: digits.slice(point) };
}

/** Adds one to a string of decimal digits: "199" → "200", "99" → "100". */
function incrementDigits(digits: string): string {
  const chars = digits.split('');
  for (let at = chars.length - 1; at >= 0; at -= 1) {
    if (chars[at] !== '9') {
      chars[at] = String(Number(chars[at]) + 1);
      return chars.join('');
    }
    chars[at] = '0';
  }
  return `1${chars.join('')}`;
}

/**
 * |value| ÷ 10^shift rounded half away from zero to at most `maxFraction` places, trailing zeros kept
 * to `minFraction`. The shift moves the decimal point in the digits, as ICU scales compact figures:
 * dividing the double instead would round twice.
 */
function roundedDigits(value: number, minFraction: number, maxFraction: number, shift = 0): { whole: string; fraction: string } {
  const digits = decimalDigits(value);
  const paddedWhole = digits.whole.padStart(shift + 1, '0');
  const whole = paddedWhole.slice(0, paddedWhole.length - shift);
  const fraction = paddedWhole.slice(paddedWhole.length - shift) + digits.fraction;
  let kept = whole + fraction.slice(0, maxFraction).padEnd(maxFraction, '0');
  if ((fraction[maxFraction] ?? '0') >= '5') kept = incrementDigits(kept);
  const wholeLength = kept.length - maxFraction;
  let roundedFraction = kept.slice(wholeLength);
  while (roundedFraction.length > minFraction && roundedFraction.endsWith('0')) roundedFraction = roundedFraction.slice(0, -1);
  return { whole: kept.slice(0, wholeLength).replace(/^0+(?=\d)/, ''), fraction: roundedFraction };
}

function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** Intl writes a minus for every negative number, -0 included ("-0"), and for what rounds to zero. */
function sign(value: number): string {
  return value < 0 || Object.is(value, -0) ? '-' : '';
}

let nonFiniteFormat: Intl.NumberFormat | null = null;
/** NaN and ±∞ never reach a screen in practice; Intl writes them, built only if one does. */
function formatNonFinite(value: number): string {
  nonFiniteFormat ??= new Intl.NumberFormat('en-NG');
  return nonFiniteFormat.format(value);
}

/** `Intl.NumberFormat('en-NG', { minimumFractionDigits, maximumFractionDigits })`. */
export function formatDecimal(value: number, maxFraction: number, minFraction = 0): string {
  if (!Number.isFinite(value)) return formatNonFinite(value);
  const { whole, fraction } = roundedDigits(value, minFraction, maxFraction);
  return `${sign(value)}${groupThousands(whole)}${fraction ? `.${fraction}` : ''}`;
}

/** Stat cards round decimals to two places and keep the thousands separators. */
export function formatStatNumber(value: number): string {
  return formatDecimal(value, 2);
}

/**
 * `Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' })`: "₦1,500.50", "-₦20.00", for
 * the naira figures the API sends as numbers. Kobo, exact, are the contract's `formatNaira`.
 */
export function formatNairaNumber(value: number): string {
  if (!Number.isFinite(value)) return `${sign(value)}₦${formatNonFinite(Math.abs(value))}`;
  const { whole, fraction } = roundedDigits(value, 2, 2);
  return `${sign(value)}₦${groupThousands(whole)}.${fraction}`;
}

const COMPACT_UNITS = [
  { size: 1e12, shift: 12, suffix: 'T' },
  { size: 1e9, shift: 9, suffix: 'B' },
  { size: 1e6, shift: 6, suffix: 'M' },
  { size: 1e3, shift: 3, suffix: 'K' },
] as const;

/**
 * `Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 })`: "1.3K", "308.1K",
 * "1M" for 999,950 (rounding carries into the next unit), "1000T" past the last unit.
 */
export function formatCompactNumber(value: number): string {
  if (!Number.isFinite(value)) return formatNonFinite(value);
  const magnitude = Math.abs(value);
  const rounded = (shift: number) => {
    const { whole, fraction } = roundedDigits(magnitude, 0, 1, shift);
    // Compact figures group only from five digits on ("1000T", "10,000T"): ICU's "min2" grouping.
    const grouped = whole.length >= 5 ? groupThousands(whole) : whole;
    return fraction ? `${grouped}.${fraction}` : grouped;
  };
  for (const [index, unit] of COMPACT_UNITS.entries()) {
    if (magnitude < unit.size) continue;
    const text = rounded(unit.shift);
    // 999.95K rounds to "1000K", which Intl writes as the next unit up: "1M".
    const larger = COMPACT_UNITS[index - 1];
    if (larger && text === '1000') return `${sign(value)}1${larger.suffix}`;
    return `${sign(value)}${text}${unit.suffix}`;
  }
  const text = rounded(0);
  return `${sign(value)}${text === '1000' ? '1K' : text}`;
}
