/**
 * The vehicle's sticker at the pump (issue 42): with `requireVehicleScan` on in Settings, a fuel
 * coupon redeems only with the signed windscreen sticker of the vehicle it was approved for; a
 * sticker of another vehicle is refused naming both plates. Off, redemption is as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditOrganization, requestIds, signInAll } from '../../../test/demo-world.js';
import { approvedFuelRequest } from '../../../test/fuel-coupons.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids = {} as Record<'hilux' | 'truck' | 'unity', string>;
const token = (email: string) => tokens[email] as string;

async function approvedCoupon(vehicleId = ids.hilux): Promise<{ id: string; code: string; qr: string }> {
  const approved = await approvedFuelRequest(t, token('orgadmin@acme.test'), { vehicleId, stationId: ids.unity, volume: 5 }, {});
  return { id: approved.id, code: approved.couponCode, qr: approved.qrPayload as string };
}

const redeem = (coupon: { id: string; code: string }, vehicleQr?: string) =>
  t.call('PATCH', `/api/fuel-requests/${coupon.id}/complete`, {
    token: token('attendant@unityfuels.test'),
    body: { code: coupon.code, dispensedVolume: 4, ...(vehicleQr === undefined ? {} : { vehicleQr }) },
  });

const stickerOf = async (vehicleId: string) =>
  (await t.call('GET', `/api/vehicles/${vehicleId}/sticker`, { token: token('orgadmin@acme.test') })).json<{ payload: string }>().payload;

async function requireScan(on: boolean) {
  const res = await t.call('PUT', '/api/settings/organization', { token: token('orgadmin@acme.test'), body: { requireVehicleScan: on } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().settings.requireVehicleScan).toBe(on);
}

const statusOf = async (id: string) =>
  (await t.db.selectFrom('fuel_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await signInAll(t, ['orgadmin@acme.test', 'attendant@unityfuels.test']));
  Object.assign(ids, await requestIds(t));
  await creditOrganization(t, 'Acme Logistics', 400_000);
});
afterAll(async () => t.close());

describe("the vehicle's sticker at the pump", () => {
  it('is not asked for while the setting is off, and a sticker sent then changes nothing', async () => {
    await requireScan(false);
    const coupon = await approvedCoupon();
    const preview = await t.call('GET', '/api/fuel-requests/coupon', {
      token: token('attendant@unityfuels.test'),
      query: { code: coupon.code },
    });
    expect(preview.json()).toMatchObject({ redeemable: true, vehicleScanRequired: false });
    expect((await redeem(coupon)).statusCode).toBe(200);
    const other = await approvedCoupon();
    expect((await redeem(other, await stickerOf(ids.truck))).statusCode).toBe(200);
  });

  it('with the setting on, the preview and the open coupons tell the station', async () => {
    await requireScan(true);
    const coupon = await approvedCoupon();
    const preview = await t.call('GET', '/api/fuel-requests/coupon', {
      token: token('attendant@unityfuels.test'),
      query: { code: coupon.code },
    });
    expect(preview.json()).toMatchObject({ vehicleScanRequired: true, fuelRequest: { vehicle: { id: ids.hilux } } });
    const open = await t.call('GET', '/api/station/open-coupons', { token: token('attendant@unityfuels.test') });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().coupons.find((c: { requestId: string }) => c.requestId === coupon.id)).toMatchObject({
      vehicleId: ids.hilux,
      vehicleScanRequired: true,
    });
  });

  it('refuses a redemption without the sticker', async () => {
    await requireScan(true);
    const coupon = await approvedCoupon();
    const res = await redeem(coupon);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe("Scan the vehicle's windscreen sticker");
    expect(await statusOf(coupon.id)).toBe('APPROVED');
  });

  it("refuses another vehicle's sticker, naming both plates", async () => {
    await requireScan(true);
    const coupon = await approvedCoupon();
    const res = await redeem(coupon, await stickerOf(ids.truck));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe('This sticker is for APP-220-XA; the coupon is for LND-451-KJ');
    expect(await statusOf(coupon.id)).toBe('APPROVED');
  });

  it('refuses an altered sticker and a coupon presented as a sticker', async () => {
    await requireScan(true);
    const coupon = await approvedCoupon();
    const [header, body, signature] = (await stickerOf(ids.truck)).split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, v: ids.hilux })).toString('base64url')}.${signature}`;
    const altered = await redeem(coupon, forged);
    expect(altered.statusCode, altered.body).toBe(422);
    expect(altered.json().message).toBe('This is not a valid FleetFuel vehicle sticker');

    expect(coupon.qr).toBeTruthy();
    const asSticker = await redeem(coupon, coupon.qr);
    expect(asSticker.statusCode, asSticker.body).toBe(422);
    expect(asSticker.json().message).toBe('This is not a valid FleetFuel vehicle sticker');
  });

  it("redeems with the vehicle's own sticker", async () => {
    await requireScan(true);
    const coupon = await approvedCoupon();
    const res = await redeem(coupon, await stickerOf(ids.hilux));
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(coupon.id)).toBe('COMPLETED');
  });

  it('is asked for no more once the setting is off again', async () => {
    await requireScan(false);
    expect((await redeem(await approvedCoupon())).statusCode).toBe(200);
  });
});
