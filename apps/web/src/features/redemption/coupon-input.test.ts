import { describe, expect, it } from 'vitest';
import { couponFromScan, isQrPayload, normalizeCouponCode, parseCouponInput } from './coupon-input';

describe('coupon input', () => {
  it('normalizes a typed code: any case, dash optional, spaces ignored', () => {
    expect(normalizeCouponCode('abcd-2345')).toBe('ABCD-2345');
    expect(normalizeCouponCode('abcd2345')).toBe('ABCD-2345');
    expect(normalizeCouponCode(' ab cd 23 45 ')).toBe('ABCD-2345');
    expect(normalizeCouponCode('AB-CD-23-45')).toBe('ABCD-2345');
  });

  it('keeps codes of another length as typed, upper-cased, for the server to judge', () => {
    expect(normalizeCouponCode('abc-23')).toBe('ABC23');
  });

  it('tells a code from a signed QR payload', () => {
    expect(parseCouponInput('3339-25rh')).toEqual({ code: '3339-25RH' });
    expect(parseCouponInput('  FF1.eyJrIjoiRiJ9.c2ln ')).toEqual({ qr: 'FF1.eyJrIjoiRiJ9.c2ln' });
    expect(isQrPayload('FF1.abc.def')).toBe(true);
    expect(isQrPayload('ff1-abcd')).toBe(false);
    const jws = 'eyJhbGciOiJFZERTQSIsImtpZCI6ImsxIn0.eyJrIjoiRiJ9.c2lnbmF0dXJl';
    expect(parseCouponInput(` ${jws}\n`)).toEqual({ qr: jws });
    expect(isQrPayload('abcd.2345')).toBe(false);
  });

  it('has nothing to look up for empty or oversized input', () => {
    expect(parseCouponInput('')).toBeNull();
    expect(parseCouponInput('   ')).toBeNull();
    expect(parseCouponInput('-')).toBeNull();
    expect(parseCouponInput('A'.repeat(41))).toBeNull();
    expect(parseCouponInput(`FF1.${'a'.repeat(2000)}`)).toBeNull();
  });

  it('reads a scanned QR as the payload it carries', () => {
    expect(couponFromScan('FF1.body.sig')).toEqual({ qr: 'FF1.body.sig' });
    expect(couponFromScan('wxyz-6789')).toEqual({ code: 'WXYZ-6789' });
  });
});
