/**
 * Coupons a station can check offline (issue 13): the QR payload is a compact JWS (EdDSA) that a
 * standard JOSE library verifies against the public JWKS, carried in the request's replies for
 * those who may hold the coupon; payloads of the first version (HMAC) still redeem.
 */
import { createLocalJWKSet, jwtVerify, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDate } from '../../platform/clock.js';
import { createCouponKeyRing } from '../../platform/coupon-keys.js';
import { createCouponSigner } from '../../platform/coupons.js';
import { type RequestIds, setUpStationWorld } from '../../../test/demo-world.js';
import { approvedFuelRequest } from '../../../test/fuel-coupons.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids = {} as RequestIds;

interface Jwks {
  keys: { kid: string; kty: string; crv: string; x: string; alg: string; use: string }[];
}

async function jwks(): Promise<Jwks> {
  const res = await t.call('GET', '/api/coupons/keys', { token: null });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Jwks>();
}

const approved = (volume: number) =>
  approvedFuelRequest(t, tokens['orgadmin@acme.test'] as string, { vehicleId: ids.truck, stationId: ids.unity, volume });

beforeAll(async () => {
  t = await createTestApp();
  await setUpStationWorld(t, tokens, ids);
});
afterAll(async () => t.close());

describe('coupon signatures', () => {
  it('publishes the Ed25519 public keys as a JWKS without sign-in', async () => {
    const { keys } = await jwks();
    expect(keys.length).toBeGreaterThanOrEqual(1);
    for (const key of keys) {
      expect(key).toEqual({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', kid: expect.any(String), x: expect.any(String) });
      expect(Object.keys(key)).not.toContain('d');
    }
    const res = await t.call('GET', '/api/coupons/keys', { token: null });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('puts a payload in the approved request’s replies that a standard JOSE library verifies against the JWKS', async () => {
    const request = await approved(12);
    expect(request.qrPayload).toEqual(expect.any(String));
    const { payload } = await jwtVerify(request.qrPayload as string, createLocalJWKSet(await jwks()), { algorithms: ['EdDSA'] });
    expect(payload).toMatchObject({
      k: 'F',
      rid: request.id,
      code: request.couponCode,
      sid: ids.unity,
      fuel: 'DIESEL',
      max: '12.00',
      plate: 'APP-220-XA',
    });
    expect(payload.exp).toBe(Math.floor(new Date(request.couponExpiresAt).getTime() / 1000));
    expect(decodeProtectedHeader(request.qrPayload as string)).toMatchObject({ alg: 'EdDSA', kid: (await jwks()).keys.at(-1)?.kid });

    // The same payload in the single and the list replies, to those who may download the coupon only.
    const single = (await t.call('GET', `/api/fuel-requests/single/${request.id}`, { token: tokens['orgadmin@acme.test'] })).json();
    expect(single.qrPayload).toEqual(expect.any(String));
    const listed = async (status: string) =>
      (
        await t.call('GET', '/api/fuel-requests/all-requests', { token: tokens['orgadmin@acme.test'], query: { status, pageSize: 100 } })
      ).json().requests as { id: string; qrPayload: string | null }[];
    expect((await listed('APPROVED')).find((r) => r.id === request.id)?.qrPayload).toEqual(expect.any(String));
    const pending = await t.call('POST', '/api/fuel-requests', {
      token: tokens['orgadmin@acme.test'],
      body: { vehicleId: ids.truck, stationId: ids.unity, supplyDate: lagosDate(new Date()), volume: 3 },
    });
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json().request).toMatchObject({ status: 'PENDING', qrPayload: null });
    // (a redeemed request's reply is checked in the redemption test below)
    const pendingRows = await listed('PENDING');
    expect(pendingRows.length).toBeGreaterThan(0);
    expect(pendingRows.filter((r) => r.qrPayload !== null)).toEqual([]);
    const atStation = await t.call('GET', `/api/fuel-requests/single/${request.id}`, { token: tokens['rep@unityfuels.test'] });
    expect(atStation.statusCode, atStation.body).toBe(200);
    expect(atStation.json().qrPayload).toBeNull();
  });

  it('redeems with the JWS payload, and refuses it once redeemed; the reply then carries no payload', async () => {
    const request = await approved(10);
    const preview = await t.call('GET', '/api/fuel-requests/coupon', {
      token: tokens['attendant@unityfuels.test'],
      query: { qr: request.qrPayload as string },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().fuelRequest).toMatchObject({ id: request.id });
    const done = await t.call('PATCH', `/api/fuel-requests/${request.id}/complete`, {
      token: tokens['attendant@unityfuels.test'],
      body: { qr: request.qrPayload, dispensedVolume: 9.5 },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().request).toMatchObject({ status: 'COMPLETED', qrPayload: null });
    const again = await t.call('PATCH', `/api/fuel-requests/${request.id}/complete`, {
      token: tokens['attendant@unityfuels.test'],
      body: { qr: request.qrPayload, dispensedVolume: 9.5 },
    });
    expect(again.statusCode).toBe(422);
  });

  it('still redeems a coupon printed with the first version’s HMAC payload', async () => {
    const request = await approved(8);
    const legacy = createCouponSigner({
      secret: t.config.appSecret,
      keys: createCouponKeyRing({ db: t.db, appSecret: t.config.appSecret, now: () => new Date() }),
    }).signLegacy({
      kind: 'F',
      requestId: request.id,
      stationId: ids.unity,
      max: '8.00',
      expiresAt: Math.floor(new Date(request.couponExpiresAt).getTime() / 1000),
    });
    const done = await t.call('PATCH', `/api/fuel-requests/${request.id}/complete`, {
      token: tokens['rep@unityfuels.test'],
      body: { qr: legacy, dispensedVolume: 8 },
    });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('after a rotation the new key signs, and a coupon signed by the old key still redeems while published', async () => {
    const before = await approved(5);
    const oldKid = decodeProtectedHeader(before.qrPayload as string).kid;
    // Another instance (or the operator's command) rotates the keys.
    const ring = createCouponKeyRing({ db: t.db, appSecret: t.config.appSecret, now: () => new Date() });
    const newKid = await ring.rotate(new Date(Date.now() + 3 * 86_400_000));
    expect(newKid).not.toBe(oldKid);
    expect((await ring.jwks()).keys.map((k) => k.kid)).toEqual(expect.arrayContaining([oldKid, newKid]));
    const done = await t.call('PATCH', `/api/fuel-requests/${before.id}/complete`, {
      token: tokens['rep@unityfuels.test'],
      body: { qr: before.qrPayload, dispensedVolume: 5 },
    });
    expect(done.statusCode, done.body).toBe(200);
    // A payload signed by the new key verifies on this instance although it had not read that key yet.
    const after = await approved(4);
    const signedByNew = await createCouponSigner({ secret: t.config.appSecret, keys: ring }).sign({
      kind: 'F',
      requestId: after.id,
      stationId: ids.unity,
      max: '4.00',
      expiresAt: Math.floor(new Date(after.couponExpiresAt).getTime() / 1000),
    });
    expect(decodeProtectedHeader(signedByNew).kid).toBe(newKid);
    const preview = await t.call('GET', '/api/fuel-requests/coupon', { token: tokens['rep@unityfuels.test'], query: { qr: signedByNew } });
    expect(preview.statusCode, preview.body).toBe(200);
  });
});
