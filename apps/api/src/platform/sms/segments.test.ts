import { describe, expect, it } from 'vitest';
import { fitsSms, foldToAscii, smsEncoding, smsSize } from './segments.js';

describe('SMS parts', () => {
  it('keeps GSM-7 for English, naira folded and the accents GSM-7 has', () => {
    expect(smsEncoding('FleetFuel coupon ABCD-EFGH: 40 L of PETROL. Paid N36,575.00 @ Unity')).toBe('GSM-7');
    expect(smsEncoding('Café à Lagos {ok} [1] ~ | € ^ \\')).toBe('GSM-7');
  });

  it('needs UCS-2 for ₦, Yoruba, Hausa and Igbo letters, and curly quotes', () => {
    for (const letter of ['₦', 'ẹ', 'ọ', 'ṣ', 'ɓ', 'ɗ', 'ƙ', 'ị', 'ụ', 'ṅ', '’', 'ó']) expect(smsEncoding(`abc ${letter}`)).toBe('UCS-2');
  });

  it('counts 160 GSM-7 characters as one part and 153 a part beyond', () => {
    expect(smsSize('x'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSize('x'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSize('x'.repeat(306)).segments).toBe(2);
    expect(smsSize('x'.repeat(307)).segments).toBe(3);
    expect(smsSize('').segments).toBe(0);
  });

  it('counts an extension character (€ [ ] { } ^ ~ | \\) as two, never split across parts', () => {
    expect(smsSize('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSize(`${'x'.repeat(159)}€`).segments).toBe(2);
    // 152 septets then an escape pair: the pair moves whole to the second part.
    expect(smsSize(`${'x'.repeat(152)}€${'x'.repeat(152)}`)).toEqual({ encoding: 'GSM-7', units: 306, segments: 3 });
  });

  it('counts 70 UCS-2 code units as one part and 67 a part beyond', () => {
    expect(smsSize('ẹ'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSize('ẹ'.repeat(71)).segments).toBe(2);
    expect(smsSize('ẹ'.repeat(134)).segments).toBe(2);
    expect(smsSize('ẹ'.repeat(135)).segments).toBe(3);
    expect(fitsSms('ɓ'.repeat(134))).toBe(true);
    expect(fitsSms('ɓ'.repeat(135))).toBe(false);
  });

  it('counts an emoji as two code units and never splits its surrogate pair', () => {
    expect(smsSize('⛽'.repeat(70)).segments).toBe(1);
    expect(smsSize('🚚').units).toBe(2);
    expect(smsSize('🚚'.repeat(35))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    // 66 units then a pair that would straddle the 67-unit boundary: it starts the next part.
    expect(smsSize(`${'a'.repeat(65)}ẹ🚚${'a'.repeat(66)}`)).toEqual({ encoding: 'UCS-2', units: 134, segments: 3 });
  });
});

describe('ASCII folding', () => {
  it('drops dots below and tone marks, and plain-letters the hooked ones', () => {
    expect(foldToAscii('Ẹ kú iṣẹ́, ọ̀rẹ́ mi')).toBe('E ku ise, ore mi');
    expect(foldToAscii('Ɓaɓɓaƙa ɗan ƴaƴa')).toBe('Babbaka dan yaya');
    expect(foldToAscii('Ị ga-agwụ ụbọchị; ṅ')).toBe('I ga-agwu ubochi; n');
  });

  it('writes naira as N and straightens quotes, dashes and ellipses', () => {
    expect(foldToAscii('₦1,234.50 — “paid” ‘ok’ it’s…')).toBe("N1,234.50 - \"paid\" 'ok' it's...");
  });

  it('always gives GSM-7, marking what it cannot fold', () => {
    const folded = foldToAscii('Yóò parí 29 Nọ́fẹ́ńbà 2026 ✓ `x`\t中');
    expect(smsEncoding(folded)).toBe('GSM-7');
    expect(folded).toBe("Yoo pari 29 Nofenba 2026 ? 'x' ?");
  });
});
