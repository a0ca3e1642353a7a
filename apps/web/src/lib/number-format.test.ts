import { describe, expect, it } from 'vitest';
import { formatCompactNumber, formatDecimal, formatNairaNumber } from './number-format';

/** The formatters these functions stand in for: Node carries the same ICU locale data as browsers. */
const intl = {
  plain: new Intl.NumberFormat('en-NG'),
  twoPlaces: new Intl.NumberFormat('en-NG', { maximumFractionDigits: 2 }),
  naira: new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }),
  compact: new Intl.NumberFormat('en-NG', { notation: 'compact', maximumFractionDigits: 1 }),
};

/** A fixed pseudo-random sequence (mulberry32), so that a failure can be repeated. */
function randomNumbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EDGES = [
  0,
  -0,
  1,
  -1,
  0.5,
  0.05,
  0.005,
  0.0005,
  0.00049,
  1.005,
  1.0005,
  2.675,
  9.995,
  99.995,
  999.5,
  999.95,
  999.949,
  1000,
  1049.9,
  1050,
  9999.5,
  99_950,
  999_949,
  999_950,
  999_999.99,
  1_000_000,
  1_234_567.891,
  999_950_000,
  1e12,
  999_950_000_000,
  1e15,
  123_456_789_012_345,
  2 ** 53,
  1e20,
  1e21,
  1.5e22,
  1e-7,
  5e-7,
  0.1 + 0.2,
  1738.5,
  308_100,
  1250,
  -1250,
  -999.95,
  -0.004,
];

function samples(): number[] {
  const random = randomNumbers(2026);
  const values = [...EDGES, ...EDGES.map((value) => -value)];
  for (let i = 0; i < 4000; i += 1) {
    const magnitude = 10 ** Math.floor(random() * 16 - 3);
    const value = random() * magnitude;
    // Whole figures, kobo-like figures and raw doubles, both signs.
    values.push(value, Math.round(value), Math.round(value * 100) / 100, Math.round(value * 1000) / 1000, -value);
  }
  return values;
}

describe('number-format writes what Intl en-NG writes', () => {
  const values = samples();

  it('plain numbers (up to three decimals)', () => {
    for (const value of values) expect(formatDecimal(value, 3), String(value)).toBe(intl.plain.format(value));
  });

  it('stat figures (up to two decimals)', () => {
    for (const value of values) expect(formatDecimal(value, 2), String(value)).toBe(intl.twoPlaces.format(value));
  });

  it('naira', () => {
    for (const value of values) expect(formatNairaNumber(value), String(value)).toBe(intl.naira.format(value));
  });

  it('compact figures', () => {
    for (const value of values) expect(formatCompactNumber(value), String(value)).toBe(intl.compact.format(value));
  });

  it('what is not a number', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(formatDecimal(value, 3)).toBe(intl.plain.format(value));
      expect(formatCompactNumber(value)).toBe(intl.compact.format(value));
      expect(formatNairaNumber(value)).toBe(intl.naira.format(value));
    }
  });
});
