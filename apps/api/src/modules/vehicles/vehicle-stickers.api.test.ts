/**
 * Windscreen stickers (issue 42): a vehicle's sticker is a compact JWS signed with the coupon keys
 * (published at /coupons/keys) under its own `typ`, so that a coupon is never taken for a sticker
 * nor a sticker for a coupon. The organization's admins print them; another's vehicle is not found.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compactVerify, createLocalJWKSet, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { lagosDate } from '../../platform/clock.js';
import { createCouponKeyRing } from '../../platform/coupon-keys.js';
import { createCouponSigner } from '../../platform/coupons.js';
import { creditOrganization, demoIds, STATION_ACCOUNTS } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';

const token = (email: string) => world.token(email);

const stickerOf = (vehicleId: string, email = 'orgadmin@acme.test') =>
  world.t.call('GET', `/api/vehicles/${vehicleId}/sticker`, { token: token(email) });

const sheet = (email: string, query: Record<string, string> = {}) =>
  world.t.call('GET', '/api/vehicles/stickers.pdf', { token: token(email), query });

/** The server's own checks, over the same keys (the database) and secret. */
const signer = () =>
  createCouponSigner({
    secret: world.t.config.appSecret,
    keys: createCouponKeyRing({ db: world.t.db, appSecret: world.t.config.appSecret, now: () => new Date() }),
  });

/** Verifies a compact JWS against the published JWKS, as any JOSE library would. */
async function verifyWithJwks(payload: string) {
  const keys = (await world.t.call('GET', '/api/coupons/keys', { token: null })).json<Parameters<typeof createLocalJWKSet>[0]>();
  return compactVerify(payload, createLocalJWKSet(keys));
}

/** A payload whose claims are changed and whose signature is kept. */
function altered(payload: string, change: (claims: Record<string, unknown>) => void): string {
  const [header, body, signature] = payload.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
  change(claims);
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

const world = useTestApp({
  signIn: STATION_ACCOUNTS,
  ids: async (find) => ({
    hilux: await find.vehicle('LND-451-KJ'),
    truck: await find.vehicle('APP-220-XA'),
    betaBike: await find.vehicle('KAN-412-MC'),
    acme: await find.organization('Acme Logistics'),
    unity: await find.station('Unity Fuels Ikeja'),
  }),
});

describe('a vehicle sticker', () => {
  it('is a JWS of the sticker typ that verifies against the published keys and names the vehicle', async () => {
    const res = await stickerOf(world.ids.hilux);
    expect(res.statusCode, res.body).toBe(200);
    const { payload } = res.json<{ payload: string }>();
    expect(decodeProtectedHeader(payload)).toMatchObject({ alg: 'EdDSA', typ: 'ff-vehicle+jws' });
    const verified = await verifyWithJwks(payload);
    expect(JSON.parse(new TextDecoder().decode(verified.payload))).toEqual({ v: world.ids.hilux, o: world.ids.acme, plate: 'LND-451-KJ' });
    // The assistant admin prints stickers too.
    expect((await stickerOf(world.ids.hilux, 'asst@acme.test')).json()).toEqual({ payload });
  });

  it("is signed by the server's key: an altered sticker fails both the JWKS and the server", async () => {
    const { payload } = (await stickerOf(world.ids.hilux)).json<{ payload: string }>();
    const forged = altered(payload, (claims) => {
      claims.v = world.ids.truck;
      claims.plate = 'APP-220-XA';
    });
    await expect(verifyWithJwks(forged)).rejects.toThrow();
    expect(await signer().verifySticker(forged)).toBeNull();
    expect(await signer().verifySticker(payload)).toEqual({
      vehicleId: world.ids.hilux,
      organizationId: world.ids.acme,
      plate: 'LND-451-KJ',
    });
  });

  it('is not a coupon, and a coupon is not a sticker', async () => {
    const { payload } = (await stickerOf(world.ids.hilux)).json<{ payload: string }>();
    expect(await signer().verify(payload)).toBeNull();
    // The coupon preview refuses a sticker presented as a coupon.
    const asCoupon = await world.t.call('GET', '/api/fuel-requests/coupon', {
      token: token('attendant@unityfuels.test'),
      query: { qr: payload },
    });
    expect(asCoupon.statusCode, asCoupon.body).toBe(422);

    await creditOrganization(world.t, 'Acme Logistics', 100_000);
    const created = await world.t.call('POST', '/api/fuel-requests', {
      token: token('orgadmin@acme.test'),
      body: { vehicleId: world.ids.hilux, stationId: world.ids.unity, supplyDate: lagosDate(new Date()), volume: 5 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const approved = await world.t.call('PATCH', `/api/fuel-requests/${created.json().request.id as string}/approve`, {
      token: token('orgadmin@acme.test'),
    });
    const couponQr = approved.json().request.qrPayload as string;
    expect(await signer().verify(couponQr)).not.toBeNull();
    expect(await signer().verifySticker(couponQr)).toBeNull();
  });

  it('of a key id the server does not publish is refused', async () => {
    const { payload } = (await stickerOf(world.ids.hilux)).json<{ payload: string }>();
    const [, body, signature] = payload.split('.') as [string, string, string];
    const header = Buffer.from(JSON.stringify({ alg: 'EdDSA', kid: 'not-a-known-kid', typ: 'ff-vehicle+jws' })).toString('base64url');
    expect(await signer().verifySticker(`${header}.${body}.${signature}`)).toBeNull();
  });

  it("of another organization's vehicle is not found, and only the organization's admins read one", async () => {
    expect((await stickerOf(world.ids.betaBike)).statusCode).toBe(404);
    expect((await stickerOf(world.ids.hilux, 'orgadmin@beta.test')).statusCode).toBe(404);
    expect((await stickerOf(world.ids.hilux, 'driver@acme.test')).statusCode).toBe(403);
    expect((await stickerOf(world.ids.hilux, 'attendant@unityfuels.test')).statusCode).toBe(403);
  });
});

describe('the sticker sheet', () => {
  it('is a PDF of the fleet, or of the vehicles asked for', async () => {
    const all = await sheet('orgadmin@acme.test');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['content-type']).toContain('application/pdf');
    expect(all.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const two = await sheet('asst@acme.test', { ids: `${world.ids.hilux},${world.ids.truck}` });
    expect(two.statusCode, two.body).toBe(200);
    expect(two.headers['content-disposition']).toContain('vehicle-stickers-2.pdf');
  });

  it("refuses another organization's vehicle, roles that do not manage the fleet, and too many at once", async () => {
    expect((await sheet('orgadmin@acme.test', { ids: `${world.ids.hilux},${world.ids.betaBike}` })).statusCode).toBe(404);
    expect((await sheet('orgadmin@beta.test', { ids: world.ids.hilux })).statusCode).toBe(404);
    expect((await sheet('driver@acme.test')).statusCode).toBe(403);
    expect((await sheet('attendant@unityfuels.test')).statusCode).toBe(403);
    const tooMany = Array.from({ length: 501 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join(',');
    const refused = await sheet('orgadmin@acme.test', { ids: tooMany });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Print at most 500 stickers at a time');
  });

  it('refuses a whole fleet larger than one sheet request holds, with the way out', async () => {
    const beta = await demoIds(world.t).organization('Beta Haulage');
    await world.t.db
      .insertInto('vehicles')
      .values(
        Array.from({ length: 501 }, (_, i) => ({
          organization_id: beta,
          plate_number: `STK-${String(i).padStart(3, '0')}-ZZ`,
          make: 'Toyota',
          model: 'Corolla',
          type: 'VEHICLE',
          fuel_type: 'PETROL',
        })),
      )
      .execute();
    const refused = await sheet('orgadmin@beta.test');
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe('The fleet has more than 500 assets: choose at most 500 to print at a time');
  });

  // pdftoppm and zbarimg are installed by `npm run setup` (scripts/install-system-deps.sh).
  it('prints a QR that a scanner reads back as the signed sticker', async () => {
    const res = await sheet('orgadmin@acme.test', { ids: world.ids.hilux });
    const dir = mkdtempSync(join(tmpdir(), 'stickers-'));
    try {
      writeFileSync(join(dir, 'sheet.pdf'), res.rawPayload);
      execFileSync('pdftoppm', ['-png', '-r', '150', join(dir, 'sheet.pdf'), join(dir, 'page')]);
      const page = readdirSync(dir).find((name) => name.endsWith('.png')) as string;
      const decoded = execFileSync('zbarimg', ['--raw', '-q', join(dir, page)])
        .toString()
        .trim();
      expect(decoded).toBe((await stickerOf(world.ids.hilux)).json<{ payload: string }>().payload);
      expect(await signer().verifySticker(decoded)).toMatchObject({ vehicleId: world.ids.hilux, plate: 'LND-451-KJ' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
