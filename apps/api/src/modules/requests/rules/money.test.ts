/**
 * The arithmetic of a redemption, in numbers: what a volume costs at a locked price, and the
 * platform's fee on it. A fee of zero, a dropped rounding step or float arithmetic would each
 * change one of these figures by a kobo.
 */
import { describe, expect, it } from 'vitest';
import { costOf, feeOf } from './money.js';

describe('costOf: kobo for a volume at a price per unit', () => {
  it('multiplies litres by the price exactly', () => {
    expect(costOf(40, 115_000n)).toBe(4_600_000n);
    expect(costOf('12.5', 80_000n)).toBe(1_000_000n);
  });

  it('counts the volume to the centilitre, whatever float the number was', () => {
    // 0.29 × 100 is 28.999999999999996 in floating point: truncating would lose a centilitre.
    expect(costOf(0.29, 100n)).toBe(29n);
    expect(costOf('33.37', 115_037n)).toBe(3_838_785n);
  });

  it('rounds half a kobo up and less than half down', () => {
    expect(costOf(0.01, 50n)).toBe(1n);
    expect(costOf(0.01, 49n)).toBe(0n);
    expect(costOf(0.03, 150n)).toBe(5n); // 4.5 kobo
  });
});

describe('feeOf: the platform fee in basis points', () => {
  it('takes the basis points of the amount, rounded down to the kobo', () => {
    expect(feeOf(3_838_785n, 250)).toBe(95_969n); // 95,969.625
    expect(feeOf(1_000_001n, 250)).toBe(25_000n);
    expect(feeOf(10_000n, 1)).toBe(1n);
    expect(feeOf(9_999n, 1)).toBe(0n);
  });

  it('is nothing at 0 bps and everything at 10,000', () => {
    expect(feeOf(4_600_000n, 0)).toBe(0n);
    expect(feeOf(4_600_000n, 10_000)).toBe(4_600_000n);
  });
});
