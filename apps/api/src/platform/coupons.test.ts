/** The coupon signer and codes: what a station may trust when a driver shows a coupon. */
import { describe, expect, it } from 'vitest';
import { createCouponSigner, newCouponCode, normalizeCouponCode, type CouponClaims } from './coupons.js';

const claims: CouponClaims = {
  kind: 'F',
  requestId: '5b2f8f0e-7a4c-4a57-9d3e-1f2a3b4c5d6e',
  stationId: '0d9c8b7a-6f5e-4d3c-8b2a-19f8e7d6c5b4',
  max: '40.00',
  expiresAt: 1_795_000_000,
};

describe('the coupon signer', () => {
  const signer = createCouponSigner('a-secret-of-at-least-thirty-two-chars!');

  it('returns the claims of a payload it signed', () => {
    const payload = signer.sign(claims);
    expect(payload).toMatch(/^FF1\.[\w-]+\.[\w-]+$/);
    expect(signer.verify(payload)).toEqual(claims);
    expect(signer.verify(`  ${payload}\n`)).toEqual(claims);
  });

  it('refuses a payload changed by one character, signed with another secret, or of another version', () => {
    const payload = signer.sign(claims);
    const [version, body, signature] = payload.split('.') as [string, string, string];
    const flipped = body.slice(0, 5) + (body[5] === 'A' ? 'B' : 'A') + body.slice(6);
    expect(signer.verify(`${version}.${flipped}.${signature}`)).toBeNull();
    const raised = Buffer.from(
      JSON.stringify({ k: 'F', r: claims.requestId, s: claims.stationId, m: '400.00', e: claims.expiresAt }),
    ).toString('base64url');
    expect(signer.verify(`${version}.${raised}.${signature}`)).toBeNull();
    expect(createCouponSigner('another-secret-of-at-least-thirty-two!').verify(payload)).toBeNull();
    expect(signer.verify(`FF2.${body}.${signature}`)).toBeNull();
    expect(signer.verify('not a coupon')).toBeNull();
    expect(signer.verify('')).toBeNull();
  });
});

describe('coupon codes', () => {
  it('are two groups of four characters a person cannot misread', () => {
    for (let i = 0; i < 200; i += 1) expect(newCouponCode()).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
  });

  it('are read back whatever case, spaces or dashes were typed', () => {
    expect(normalizeCouponCode('abcd efgh')).toBe('ABCD-EFGH');
    expect(normalizeCouponCode(' ab-cd-ef-gh ')).toBe('ABCD-EFGH');
    expect(normalizeCouponCode('ABCDEFGH')).toBe('ABCD-EFGH');
    expect(normalizeCouponCode('abc')).toBe('ABC');
  });
});
