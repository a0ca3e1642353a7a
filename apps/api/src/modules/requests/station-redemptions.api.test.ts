/**
 * A station's redemptions (issue 13): a maintenance job completed at the station appears beside the
 * fuel coupons it redeemed, with the period's totals; only the station's own, only for its people.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, lagosDate } from '../../platform/clock.js';
import { type RequestIds, setUpStationWorld } from '../../../test/demo-world.js';
import { approvedFuelRequest } from '../../../test/fuel-coupons.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids = {} as RequestIds;
const today = () => lagosDate(new Date());

beforeAll(async () => {
  t = await createTestApp();
  await setUpStationWorld(t, tokens, ids);
});
afterAll(async () => t.close());

async function redeemFuel(volume: number, dispensed: number) {
  const { id, couponCode } = await approvedFuelRequest(t, tokens['orgadmin@acme.test'] as string, {
    vehicleId: ids.truck,
    stationId: ids.unity,
    volume,
  });
  const done = await t.call('PATCH', `/api/fuel-requests/${id}/complete`, {
    token: tokens['attendant@unityfuels.test'],
    body: { code: couponCode, dispensedVolume: dispensed },
  });
  expect(done.statusCode, done.body).toBe(200);
  return done.json().request as { id: string; amount: number };
}

async function completeJob(cost: number) {
  const token = tokens['orgadmin@acme.test'] as string;
  const created = await t.call('POST', '/api/maintenance', {
    token,
    body: {
      vehicleId: ids.hilux,
      description: 'Wheel alignment',
      date: today(),
      cost,
      stationId: ids.unity,
      currentOdometerReading: 0,
      currentTankLevel: 30,
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().request.id as string;
  const code = (await t.call('PATCH', `/api/maintenance/${id}/approve`, { token })).json().request.couponCode as string;
  const done = await t.call('PATCH', `/api/maintenance/${id}/complete`, { token: tokens['rep@unityfuels.test'], body: { code } });
  expect(done.statusCode, done.body).toBe(200);
  return id;
}

describe("a station's redemptions", () => {
  it('lists fuel coupons and maintenance jobs of today together, newest first, with the totals of the period', async () => {
    const before = (await t.call('GET', '/api/station/redemptions', { token: tokens['rep@unityfuels.test'] })).json();
    const fuel = await redeemFuel(10, 9);
    const job = await completeJob(25_000);

    const res = await t.call('GET', '/api/station/redemptions', { token: tokens['rep@unityfuels.test'] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.redemptions.slice(0, 2)).toMatchObject([
      {
        kind: 'MAINTENANCE',
        id: job,
        description: 'Wheel alignment',
        amount: 25_000,
        fuelType: null,
        volume: null,
        redeemedBy: { name: expect.any(String) },
      },
      {
        kind: 'FUEL',
        id: fuel.id,
        fuelType: 'DIESEL',
        volume: 9,
        unit: 'L',
        amount: fuel.amount,
        vehicle: { plateNumber: 'APP-220-XA' },
        organization: { name: 'Acme Logistics' },
      },
    ]);
    expect(body.summary.count).toBe(before.summary.count + 2);
    expect(body.summary.fuelCount).toBe(before.summary.fuelCount + 1);
    expect(body.summary.maintenanceCount).toBe(before.summary.maintenanceCount + 1);
    expect(body.summary.amount).toBeCloseTo(before.summary.amount + fuel.amount + 25_000, 2);
    expect(body.meta).toEqual({ page: 1, pageSize: 20, total: body.summary.count });

    // The attendant sees the same list; pages cut the same list.
    const attendant = (
      await t.call('GET', '/api/station/redemptions', { token: tokens['attendant@unityfuels.test'], query: { pageSize: 1, page: 2 } })
    ).json();
    expect(attendant.redemptions).toHaveLength(1);
    expect(attendant.redemptions[0].id).toBe(fuel.id);
  });

  it('another station sees none of them, and a day without redemptions is empty', async () => {
    const other = (await t.call('GET', '/api/station/redemptions', { token: tokens['rep@greenline.test'] })).json();
    expect(
      other.redemptions.filter(
        (r: { organization: { name: string }; vehicle: { plateNumber: string } }) => r.vehicle.plateNumber === 'APP-220-XA',
      ),
    ).toEqual([]);
    const tomorrow = addDays(today(), 1);
    const empty = (
      await t.call('GET', '/api/station/redemptions', { token: tokens['rep@unityfuels.test'], query: { from: tomorrow, to: tomorrow } })
    ).json();
    expect(empty).toEqual({
      redemptions: [],
      summary: { count: 0, fuelCount: 0, maintenanceCount: 0, amount: 0, volumes: [] },
      meta: { page: 1, pageSize: 20, total: 0 },
    });
  });

  it('refuses other roles and a period that ends before it starts', async () => {
    for (const email of ['orgadmin@acme.test', 'driver@acme.test', 'admin@fleetfuel.test']) {
      expect((await t.call('GET', '/api/station/redemptions', { token: tokens[email] })).statusCode, email).toBe(403);
    }
    const backwards = await t.call('GET', '/api/station/redemptions', {
      token: tokens['rep@unityfuels.test'],
      query: { from: today(), to: addDays(today(), -1) },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ field: 'to', error: 'to: The start date must be on or before the end date' });
  });
});
