import { beforeAll, describe, expect, it } from 'vitest';
import type { CouponPublicKey } from './offline-cache';
import { BAD_SIGNATURE, checkCouponOffline } from './verify-coupon';
import {
  NOT_A_STICKER,
  STICKER_BAD_SIGNATURE,
  STICKER_UNKNOWN_KEY,
  checkSticker,
  checkStickerOffline,
  readSticker,
} from './verify-sticker';

const HILUX = { id: '7c1d2e3f-0000-4000-8000-000000000001', plate: 'LND-451-KJ' };
const TRUCK = { id: '7c1d2e3f-0000-4000-8000-000000000002', plate: 'APP-220-XA' };
const ACME = '3f0c1c7e-7a55-4d55-9a59-0c4f7e7e0009';

let signingKey: CryptoKey;
let publicJwk: CouponPublicKey;

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const part = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));

async function sign(header: Record<string, unknown>, claims: Record<string, unknown>, key = signingKey): Promise<string> {
  const signed = `${part(header)}.${part(claims)}`;
  const signature = new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, key, new TextEncoder().encode(signed)));
  return `${signed}.${base64url(signature)}`;
}

/** A sticker as the server signs it (platform/coupons.ts `signSticker`). */
const sticker = (vehicle = HILUX, kid = 'key-1', key = signingKey) =>
  sign({ alg: 'EdDSA', kid, typ: 'ff-vehicle+jws' }, { v: vehicle.id, o: ACME, plate: vehicle.plate }, key);

beforeAll(async () => {
  const pair = await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']);
  signingKey = pair.privateKey;
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  publicJwk = { kty: 'OKP', crv: 'Ed25519', x: jwk.x as string, kid: 'key-1', alg: 'EdDSA', use: 'sig' };
});

describe('a vehicle sticker checked on the device', () => {
  it("is valid offline when its signature holds and it names the coupon's vehicle", async () => {
    expect(await checkStickerOffline(await sticker(), HILUX, [publicJwk])).toEqual({
      valid: true,
      claims: { vehicleId: HILUX.id, organizationId: ACME, plate: 'LND-451-KJ' },
    });
  });

  it('refuses the sticker of another vehicle, naming both plates, online and offline', async () => {
    const message = 'This sticker is for APP-220-XA; the coupon is for LND-451-KJ';
    expect(checkSticker(await sticker(TRUCK), HILUX)).toEqual({ valid: false, message });
    expect(await checkStickerOffline(await sticker(TRUCK), HILUX, [publicJwk])).toEqual({ valid: false, message });
  });

  it('refuses an altered sticker offline: the claims changed to name the coupon vehicle', async () => {
    const [header, , signature] = (await sticker(TRUCK)).split('.');
    const altered = `${header}.${part({ v: HILUX.id, o: ACME, plate: HILUX.plate })}.${signature}`;
    expect(await checkStickerOffline(altered, HILUX, [publicJwk])).toEqual({ valid: false, message: STICKER_BAD_SIGNATURE });
  });

  it('refuses a sticker of a key the device does not hold, and one signed by another key', async () => {
    expect(await checkStickerOffline(await sticker(HILUX, 'key-2'), HILUX, [publicJwk])).toEqual({
      valid: false,
      message: STICKER_UNKNOWN_KEY,
    });
    const other = await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']);
    expect(await checkStickerOffline(await sticker(HILUX, 'key-1', other.privateKey), HILUX, [publicJwk])).toEqual({
      valid: false,
      message: STICKER_BAD_SIGNATURE,
    });
  });

  it('is not a coupon, and a coupon is not a sticker', async () => {
    const coupon = await sign({ alg: 'EdDSA', kid: 'key-1' }, { k: 'F', rid: HILUX.id, sid: ACME, max: '40', v: HILUX.id, o: ACME });
    expect(readSticker(coupon)).toBeNull();
    expect(await checkStickerOffline(coupon, HILUX, [publicJwk])).toEqual({ valid: false, message: NOT_A_STICKER });
    const asCoupon = await checkCouponOffline(
      { qr: await sticker() },
      { stationId: ACME, now: new Date(), queued: new Set(), data: { keys: [publicJwk], coupons: [], generatedAt: '' } },
    );
    expect(asCoupon).toEqual({ valid: false, message: BAD_SIGNATURE });
    expect(checkSticker('not a sticker at all', HILUX)).toEqual({ valid: false, message: NOT_A_STICKER });
  });
});
