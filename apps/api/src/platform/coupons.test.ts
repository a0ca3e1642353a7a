/** The coupon signer and codes: what a station may trust when a driver shows a coupon. */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CouponKeyRing } from './coupon-keys.js';
import { createCouponSigner, newCouponCode, normalizeCouponCode, type CouponClaims } from './coupons.js';

/** Keys in memory: the database-backed ring has its own test (coupon-keys.db.test.ts). */
function memoryKeyRing(): CouponKeyRing & { retire(kid: string): void } {
  const keys = new Map<string, KeyObject>();
  let signing = { kid: 'k1', ...generateKeyPairSync('ed25519') };
  keys.set('k1', signing.publicKey);
  return {
    signingKey: () => Promise.resolve({ kid: signing.kid, privateKey: signing.privateKey }),
    publicKey: (kid) => Promise.resolve(keys.get(kid) ?? null),
    jwks: () => Promise.reject(new Error('not used here')),
    rotate() {
      signing = { kid: `k${keys.size + 1}`, ...generateKeyPairSync('ed25519') };
      keys.set(signing.kid, signing.publicKey);
      return Promise.resolve(signing.kid);
    },
    retire: (kid) => keys.delete(kid),
  };
}

const claims: CouponClaims = {
  kind: 'F',
  requestId: '5b2f8f0e-7a4c-4a57-9d3e-1f2a3b4c5d6e',
  stationId: '0d9c8b7a-6f5e-4d3c-8b2a-19f8e7d6c5b4',
  max: '40.00',
  expiresAt: 1_795_000_000,
};

const secret = 'a-secret-of-at-least-thirty-two-chars!';
const fullClaims: CouponClaims = { ...claims, code: 'ABCD-EFGH', fuelType: 'PMS', plate: 'LND-451-KJ' };

describe('the coupon signer', () => {
  it('signs a compact EdDSA JWS naming its key, and returns the claims of a payload it signed', async () => {
    const signer = createCouponSigner({ secret, keys: memoryKeyRing() });
    const payload = await signer.sign(fullClaims);
    const [header, body] = payload.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'EdDSA', kid: 'k1' });
    expect(JSON.parse(Buffer.from(body, 'base64url').toString())).toMatchObject({
      rid: claims.requestId,
      exp: claims.expiresAt,
      code: 'ABCD-EFGH',
    });
    expect(await signer.verify(payload)).toEqual(fullClaims);
    expect(await signer.verify(`  ${payload}\n`)).toEqual(fullClaims);
  });

  it('refuses a payload changed by one character, signed by another key, by a retired key, or of another form', async () => {
    const keys = memoryKeyRing();
    const signer = createCouponSigner({ secret, keys });
    const payload = await signer.sign(claims);
    const [header, body, signature] = payload.split('.') as [string, string, string];
    const flipped = body.slice(0, 5) + (body[5] === 'A' ? 'B' : 'A') + body.slice(6);
    expect(await signer.verify(`${header}.${flipped}.${signature}`)).toBeNull();
    const raised = Buffer.from(
      JSON.stringify({ k: 'F', rid: claims.requestId, sid: claims.stationId, max: '400.00', exp: claims.expiresAt }),
    ).toString('base64url');
    expect(await signer.verify(`${header}.${raised}.${signature}`)).toBeNull();
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', kid: 'k1' })).toString('base64url');
    expect(await signer.verify(`${noneHeader}.${body}.${signature}`)).toBeNull();
    expect(await createCouponSigner({ secret, keys: memoryKeyRing() }).verify(payload)).toBeNull();
    expect(await signer.verify(`${payload}.extra`)).toBeNull();
    expect(await signer.verify('not a coupon')).toBeNull();
    expect(await signer.verify('')).toBeNull();
    // After a rotation the old key still verifies until it is retired; new payloads use the new key.
    await keys.rotate(new Date());
    expect(await signer.verify(payload)).toEqual(claims);
    const [newHeader] = (await signer.sign(claims)).split('.') as [string];
    expect(JSON.parse(Buffer.from(newHeader, 'base64url').toString())).toMatchObject({ kid: 'k2' });
    keys.retire('k1');
    expect(await signer.verify(payload)).toBeNull();
  });

  it('gives the same coupon the same payload every time, and each coupon its own, past the signatures it keeps', async () => {
    const signer = createCouponSigner({ secret, keys: memoryKeyRing() });
    const first = await signer.sign(fullClaims);
    expect(await signer.sign({ ...fullClaims })).toBe(first);
    // More coupons than the signer keeps signatures for: each still gets its own, valid payload.
    const payloads = new Set<string>();
    for (let i = 0; i < 5_100; i += 1) payloads.add(await signer.sign({ ...claims, max: `${i}.00` }));
    expect(payloads.size).toBe(5_100);
    const oldest = await signer.sign({ ...claims, max: '0.00' });
    expect(payloads.has(oldest)).toBe(true);
    expect(await signer.verify(oldest)).toEqual({ ...claims, max: '0.00' });
    expect(await signer.sign(fullClaims)).toBe(first);
  });

  it('still verifies payloads of the first version (HMAC with APP_SECRET), and only with that secret', async () => {
    const signer = createCouponSigner({ secret, keys: memoryKeyRing() });
    const legacy = signer.signLegacy(claims);
    expect(legacy).toMatch(/^FF1\.[\w-]+\.[\w-]+$/);
    expect(await signer.verify(legacy)).toEqual(claims);
    const [version, body, signature] = legacy.split('.') as [string, string, string];
    const raised = Buffer.from(
      JSON.stringify({ k: 'F', r: claims.requestId, s: claims.stationId, m: '400.00', e: claims.expiresAt }),
    ).toString('base64url');
    expect(await signer.verify(`${version}.${raised}.${signature}`)).toBeNull();
    expect(await createCouponSigner({ secret: 'another-secret-of-at-least-thirty-two!', keys: memoryKeyRing() }).verify(legacy)).toBeNull();
    expect(await signer.verify(`FF2.${body}.${signature}`)).toBeNull();
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
