/**
 * A station's open coupons (issue 13, offline redemption): the list a station's device keeps to
 * check coupons with no network, and the answers a redemption queued on that device gets when it
 * reaches the server late: once only, and a clear refusal when the coupon changed meanwhile.
 */
import type { OpenCoupon } from '@fleetfuel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditOrganization, setUpStationWorld } from '../../../test/demo-world.js';
import { approvedFuelRequest } from '../../../test/fuel-coupons.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await setUpStationWorld(t, tokens, ids);
  await creditOrganization(t, 'Beta Haulage', 400_000);
});
afterAll(async () => t.close());

/** An approved fuel request: its id and coupon code. */
async function approvedCoupon(admin: string, vehicleId: string, stationId: string, volume: number) {
  const { id, couponCode } = await approvedFuelRequest(t, tokens[admin] as string, { vehicleId, stationId, volume });
  return { id, code: couponCode };
}

async function openCoupons(email: string): Promise<OpenCoupon[]> {
  const res = await t.call('GET', '/api/station/open-coupons', { token: tokens[email] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ coupons: OpenCoupon[] }>().coupons;
}

async function organizationBalance(email: string): Promise<number> {
  return (await t.call('GET', '/api/wallet', { token: tokens[email] })).json<{ wallet: { balance: number } }>().wallet.balance;
}

describe("a station's open coupons", () => {
  it("lists the station's approved, unexpired fuel coupons, the soonest-expiring first, for its representative and attendant", async () => {
    const later = await approvedCoupon('orgadmin@acme.test', ids.truck as string, ids.unity as string, 12);
    const sooner = await approvedCoupon('orgadmin@acme.test', ids.truck as string, ids.unity as string, 8);
    await t.db
      .updateTable('fuel_requests')
      .set({ coupon_expires_at: new Date(Date.now() + 3_600_000) })
      .where('id', '=', sooner.id)
      .execute();

    const res = await t.call('GET', '/api/station/open-coupons', { token: tokens['rep@unityfuels.test'] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ coupons: OpenCoupon[]; generatedAt: string }>();
    expect(Date.parse(body.generatedAt)).not.toBeNaN();
    const mine = body.coupons.filter((c) => c.requestId === later.id || c.requestId === sooner.id);
    expect(mine).toEqual([
      {
        requestId: sooner.id,
        code: sooner.code,
        plate: 'APP-220-XA',
        fuelType: 'DIESEL',
        maxVolume: 8,
        expiresAt: expect.any(String),
        organizationName: 'Acme Logistics',
        pricePerUnit: expect.any(Number),
        driverConfirmationRequired: false,
        vehicleId: ids.truck,
        vehicleScanRequired: false,
        odometerRequired: false,
        odometerPhotoRequired: false,
      },
      expect.objectContaining({ requestId: later.id, code: later.code, maxVolume: 12 }),
    ]);
    const expiries = body.coupons.map((c) => Date.parse(c.expiresAt));
    expect(expiries).toEqual([...expiries].sort((a, b) => a - b));
    expect(expiries.every((at) => at > Date.now())).toBe(true);

    expect((await openCoupons('attendant@unityfuels.test')).map((c) => c.requestId)).toEqual(body.coupons.map((c) => c.requestId));
  });

  it("leaves out another station's coupons, redeemed ones and expired ones", async () => {
    const beta = await approvedCoupon('orgadmin@beta.test', ids.betaTruck as string, ids.greenline as string, 10);
    const redeemed = await approvedCoupon('orgadmin@acme.test', ids.truck as string, ids.unity as string, 5);
    const lapsed = await approvedCoupon('orgadmin@acme.test', ids.truck as string, ids.unity as string, 5);
    const done = await t.call('PATCH', `/api/fuel-requests/${redeemed.id}/complete`, {
      token: tokens['attendant@unityfuels.test'],
      body: { code: redeemed.code, dispensedVolume: 5 },
    });
    expect(done.statusCode, done.body).toBe(200);
    await t.db
      .updateTable('fuel_requests')
      .set({ coupon_expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', lapsed.id)
      .execute();

    const unity = (await openCoupons('rep@unityfuels.test')).map((c) => c.requestId);
    expect(unity).not.toContain(beta.id);
    expect(unity).not.toContain(redeemed.id);
    expect(unity).not.toContain(lapsed.id);
    expect((await openCoupons('rep@greenline.test')).map((c) => c.requestId)).toContain(beta.id);
  });

  it('is refused to everyone but station people', async () => {
    for (const email of ['admin@fleetfuel.test', 'orgadmin@acme.test', 'driver@acme.test']) {
      const res = await t.call('GET', '/api/station/open-coupons', { token: tokens[email] });
      expect(res.statusCode, email).toBe(403);
    }
    expect((await t.call('GET', '/api/station/open-coupons', { token: null })).statusCode).toBe(401);
  });
});

describe('a redemption queued on a device while offline, sent later', () => {
  it('is applied once however often it is sent with its key, and another redemption of the coupon says when it was redeemed', async () => {
    const coupon = await approvedCoupon('orgadmin@acme.test', ids.truck as string, ids.unity as string, 10);
    const before = await organizationBalance('orgadmin@acme.test');
    const send = (key: string) =>
      t.call('PATCH', `/api/fuel-requests/${coupon.id}/complete`, {
        token: tokens['attendant@unityfuels.test'],
        headers: { 'idempotency-key': key },
        body: { code: coupon.code, dispensedVolume: 9 },
      });

    const first = await send('offline-queue-key-1');
    expect(first.statusCode, first.body).toBe(200);
    const again = await send('offline-queue-key-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const paid = first.json<{ request: { amount: number } }>().request.amount;
    expect(await organizationBalance('orgadmin@acme.test')).toBeCloseTo(before - paid, 2);

    // A second device queued the same coupon: its own key, a clear refusal.
    const other = await send('offline-queue-key-2');
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toMatch(/^This coupon was already redeemed on \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
    expect(await organizationBalance('orgadmin@acme.test')).toBeCloseTo(before - paid, 2);
  });

  it('says when a coupon that expired meanwhile expired', async () => {
    const coupon = await approvedCoupon('orgadmin@acme.test', ids.truck as string, ids.unity as string, 10);
    await t.db
      .updateTable('fuel_requests')
      .set({ coupon_expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', coupon.id)
      .execute();
    const res = await t.call('PATCH', `/api/fuel-requests/${coupon.id}/complete`, {
      token: tokens['attendant@unityfuels.test'],
      headers: { 'idempotency-key': 'offline-queue-key-3' },
      body: { code: coupon.code, dispensedVolume: 9 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatch(/^This coupon expired on \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
  });
});
