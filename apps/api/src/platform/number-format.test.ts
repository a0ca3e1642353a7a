import { describe, expect, it } from 'vitest';
import { formatNumber } from './number-format.js';

describe('formatNumber', () => {
  it('writes what toLocaleString writes for en-NG, at each precision', () => {
    const values = [0, 1, 7.5, 12.345, 999.9999, 1_234.5, 20_004, 1_000_000.126, -3_456.78, 0.05];
    for (const digits of [undefined, 1, 2, 3]) {
      for (const value of values) {
        const expected = value.toLocaleString('en-NG', digits === undefined ? undefined : { maximumFractionDigits: digits });
        expect(formatNumber(value, digits), `${value} to ${digits ?? 'the default'} digits`).toBe(expected);
      }
    }
    expect(formatNumber(1_234.5, 2)).toBe('1,234.5');
  });
});
