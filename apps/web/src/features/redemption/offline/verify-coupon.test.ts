import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenCoupon } from '@fleetfuel/contract';
import type { CouponPublicKey, OfflineCouponData } from './offline-cache';
import {
  ALREADY_QUEUED,
  BAD_SIGNATURE,
  CONFIRMATION_OFFLINE,
  LEGACY_OFFLINE,
  NOT_IN_LIST,
  OTHER_STATION,
  UNKNOWN_KEY,
  VALID_SIGNED,
  VALID_TYPED,
  WORK_ORDER_OFFLINE,
  checkCouponOffline,
  type OfflineCheckContext,
} from './verify-coupon';

const STATION = '3f0c1c7e-7a55-4d55-9a59-0c4f7e7e0001';
const OTHER = '3f0c1c7e-7a55-4d55-9a59-0c4f7e7e0002';
const REQUEST = '9a1b2c3d-0000-4000-8000-000000000001';
const NOW = new Date('2026-03-10T09:00:00Z');
const EXPIRES = new Date('2026-03-12T22:59:59Z');

const open: OpenCoupon = {
  requestId: REQUEST,
  code: 'ABCD-2345',
  plate: 'APP-220-XA',
  fuelType: 'DIESEL',
  maxVolume: 40,
  expiresAt: EXPIRES.toISOString(),
  organizationName: 'Acme Logistics',
  pricePerUnit: 1050.5,
  driverConfirmationRequired: false,
  vehicleId: '7c1d2e3f-0000-4000-8000-000000000001',
  vehicleScanRequired: false,
  odometerRequired: false,
  odometerPhotoRequired: false,
};

let signingKey: CryptoKey;
let publicJwk: CouponPublicKey;

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const part = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));

/** A coupon's QR payload as the server signs it: compact JWS, EdDSA. */
async function signCoupon(claims: Record<string, unknown>, kid = 'key-1', key = signingKey): Promise<string> {
  const signed = `${part({ alg: 'EdDSA', kid })}.${part(claims)}`;
  const signature = new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, key, new TextEncoder().encode(signed)));
  return `${signed}.${base64url(signature)}`;
}

const fuelClaims = (overrides: Record<string, unknown> = {}) => ({
  k: 'F',
  rid: REQUEST,
  code: 'ABCD-2345',
  sid: STATION,
  fuel: 'DIESEL',
  max: '40',
  plate: 'APP-220-XA',
  exp: Math.floor(EXPIRES.getTime() / 1000),
  ...overrides,
});

function context(overrides: Partial<OfflineCheckContext> = {}, data: Partial<OfflineCouponData> = {}): OfflineCheckContext {
  return {
    stationId: STATION,
    now: NOW,
    queued: new Set(),
    data: { keys: [publicJwk], coupons: [open], generatedAt: NOW.toISOString(), ...data },
    ...overrides,
  };
}

beforeAll(async () => {
  const pair = await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']);
  signingKey = pair.privateKey;
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  publicJwk = { kty: 'OKP', crv: 'Ed25519', x: jwk.x as string, kid: 'key-1', alg: 'EdDSA', use: 'sig' };
});

describe('a scanned QR code checked offline', () => {
  it('is valid when its signature holds, it names this station, it has not expired and it is open', async () => {
    const verdict = await checkCouponOffline({ qr: await signCoupon(fuelClaims()) }, context());
    expect(verdict).toEqual({ valid: true, message: VALID_SIGNED, coupon: open });
  });

  it('names the station problem when the coupon is for another station', async () => {
    const verdict = await checkCouponOffline({ qr: await signCoupon(fuelClaims({ sid: OTHER })) }, context());
    expect(verdict).toEqual({ valid: false, message: OTHER_STATION });
  });

  it('says when it expired, from the signed expiry, even while the list still holds it', async () => {
    const expired = Math.floor(new Date('2026-03-09T13:05:00Z').getTime() / 1000);
    const verdict = await checkCouponOffline({ qr: await signCoupon(fuelClaims({ exp: expired })) }, context());
    expect(verdict).toEqual({ valid: false, message: 'This coupon expired on 9 Mar 2026, 14:05' });
  });

  it('refuses a payload whose signature does not hold: changed claims, another key, or garbage', async () => {
    const genuine = await signCoupon(fuelClaims());
    const [header, , signature] = genuine.split('.');
    const changed = `${header}.${part(fuelClaims({ max: '400' }))}.${signature}`;
    expect(await checkCouponOffline({ qr: changed }, context())).toEqual({ valid: false, message: BAD_SIGNATURE });

    const forger = await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']);
    const forged = await signCoupon(fuelClaims(), 'key-1', forger.privateKey);
    expect(await checkCouponOffline({ qr: forged }, context())).toEqual({ valid: false, message: BAD_SIGNATURE });

    expect(await checkCouponOffline({ qr: 'abc.def.ghi' }, context())).toEqual({ valid: false, message: BAD_SIGNATURE });
  });

  it('cannot judge a payload signed with a key the device has not fetched', async () => {
    const verdict = await checkCouponOffline({ qr: await signCoupon(fuelClaims(), 'key-2') }, context());
    expect(verdict).toEqual({ valid: false, message: UNKNOWN_KEY });
  });

  it('refuses a genuine coupon missing from the open list, and one already waiting on the device', async () => {
    const qr = await signCoupon(fuelClaims());
    expect(await checkCouponOffline({ qr }, context({}, { coupons: [] }))).toEqual({ valid: false, message: NOT_IN_LIST });
    expect(await checkCouponOffline({ qr }, context({ queued: new Set([REQUEST]) }))).toEqual({ valid: false, message: ALREADY_QUEUED });
  });

  it('leaves work orders and the first version of QR codes to the server', async () => {
    const job = await signCoupon(fuelClaims({ k: 'M', fuel: undefined }));
    expect(await checkCouponOffline({ qr: job }, context())).toEqual({ valid: false, message: WORK_ORDER_OFFLINE });
    expect(await checkCouponOffline({ qr: 'FF1.eyJrIjoiRiJ9.c2ln' }, context())).toEqual({ valid: false, message: LEGACY_OFFLINE });
  });
});

describe('a typed code checked offline', () => {
  it("is found in the station's open coupons", async () => {
    expect(await checkCouponOffline({ code: 'ABCD-2345' }, context())).toEqual({ valid: true, message: VALID_TYPED, coupon: open });
  });

  it('is refused when it is not in the list or its coupon has expired since the list was read', async () => {
    expect(await checkCouponOffline({ code: 'WXYZ-6789' }, context())).toEqual({ valid: false, message: NOT_IN_LIST });
    const later = new Date('2026-03-13T08:00:00Z');
    expect(await checkCouponOffline({ code: 'ABCD-2345' }, context({ now: later }))).toEqual({
      valid: false,
      message: 'This coupon expired on 12 Mar 2026, 23:59',
    });
  });
});

describe('a coupon that needs the driver’s confirmation', () => {
  it('is refused offline, scanned or typed, before any fuel flows', async () => {
    const confirming = { ...open, driverConfirmationRequired: true };
    const refused = { valid: false, message: CONFIRMATION_OFFLINE };
    expect(await checkCouponOffline({ code: 'ABCD-2345' }, context({}, { coupons: [confirming] }))).toEqual(refused);
    expect(await checkCouponOffline({ qr: await signCoupon(fuelClaims()) }, context({}, { coupons: [confirming] }))).toEqual(refused);
  });

  it('is assumed of a copy kept before the list said which coupons need it', async () => {
    const olderCopy: Partial<OpenCoupon> = { ...open };
    delete olderCopy.driverConfirmationRequired;
    const coupons = [olderCopy as OpenCoupon];
    expect(await checkCouponOffline({ code: 'ABCD-2345' }, context({}, { coupons }))).toEqual({
      valid: false,
      message: CONFIRMATION_OFFLINE,
    });
  });
});
