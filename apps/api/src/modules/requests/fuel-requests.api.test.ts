import { calendarDay } from '@fleetfuel/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { lagosDate, addDays } from '../../platform/clock.js';
import { createTestApp, movableClock, type TestApp } from '../../../test/harness.js';
import { demoIds, requestIds, signInAll, STATION_ACCOUNTS } from '../../../test/demo-world.js';

const clock = movableClock(new Date());
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const today = () => lagosDate(clock.now());

async function balance(token: string, query: Record<string, string> = {}) {
  return (await t.call('GET', '/api/wallet', { token, query })).json().wallet as {
    id: string;
    balance: number;
    held: number;
    available: number;
  };
}

async function credit(walletOwner: Record<string, string>, amount: number) {
  const wallet = await balance(tokens['admin@fleetfuel.test'] as string, walletOwner);
  await t.call('POST', `/api/wallet/${wallet.id}/create-transaction`, {
    token: tokens['admin@fleetfuel.test'],
    body: { amount, type: 'CREDIT', note: 'test funds' },
  });
}

const request = (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/fuel-requests', {
    token,
    body: { vehicleId: ids.hilux, stationId: ids.unity, supplyDate: today(), volume: 40, ...body },
  });

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  Object.assign(tokens, await signInAll(t, [...STATION_ACCOUNTS, 'driver2@acme.test']));
  Object.assign(ids, await requestIds(t));
  const find = demoIds(t);
  ids.bike = await find.vehicle('KJA-118-QB');
  ids.acme = await find.organization('Acme Logistics');
  await credit({ organizationId: ids.acme }, 500_000);
});
afterAll(async () => t.close());

describe('requesting fuel', () => {
  it('a driver requests for its own vehicle; the fuel type is the vehicle’s; the reply says Request Successfull!', async () => {
    const res = await request(tokens['driver@acme.test'] as string, { currentOdometer: 0, currentTankLevel: 20, note: 'Lagos run' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Request Successfull!',
      request: {
        status: 'PENDING',
        fuelType: 'PETROL',
        unit: 'L',
        volume: 40,
        currentOdometerReading: null,
        currentTankLevel: 20,
        station: { name: 'Unity Fuels Ikeja' },
      },
    });
    const other = await request(tokens['driver@acme.test'] as string, { vehicleId: ids.truck, volume: 10 });
    expect(other.statusCode).toBe(404);
    const mine = await t.call('GET', '/api/fuel-requests/my-requests', { token: tokens['driver@acme.test'] });
    expect(mine.json().requests).toHaveLength(1);
  });

  it('checks tank size, odometer, supply date, station and tank level', async () => {
    const token = tokens['orgadmin@acme.test'] as string;
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ volume: 81 }, 'volume', /holds 80 L/],
      [{ supplyDate: addDays(today(), -1) }, 'supplyDate', /today or later/],
      [{ currentTankLevel: 15 }, 'currentTankLevel', /Empty, 1\/10/],
      [{ stationId: ids.greenline, vehicleId: ids.truck, volume: 10 }, '', /./],
    ];
    for (const [body, field, message] of cases.slice(0, 3)) {
      const res = await request(token, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().field, field).toBe(field);
      expect(res.json().error, field).toMatch(message);
    }
    await sql`UPDATE vehicles SET last_odometer = 52000 WHERE id = ${ids.hilux}`.execute(t.db);
    const back = await request(token, { currentOdometer: 51000 });
    expect(back.json()).toMatchObject({
      field: 'currentOdometer',
      error: 'The last reading of LND-451-KJ is 52,000 km; the odometer cannot go back',
    });
    await sql`UPDATE fuel_stations SET status = 'INACTIVE' WHERE id = ${ids.greenline}`.execute(t.db);
    const inactive = await request(token, { stationId: ids.greenline });
    expect(inactive.json().error).toBe('Greenline Energy Lekki is not active and cannot be chosen');
    await sql`UPDATE fuel_stations SET status = 'ACTIVE', available_fuels = '{DIESEL}' WHERE id = ${ids.greenline}`.execute(t.db);
    const notSold = await request(token, { stationId: ids.greenline });
    expect(notSold.json().error).toBe('Greenline Energy Lekki does not sell PETROL, the fuel LND-451-KJ takes');
    await sql`UPDATE fuel_stations SET available_fuels = '{PETROL,DIESEL,CNG,ELECTRIC}' WHERE id = ${ids.greenline}`.execute(t.db);
  });

  it('records the vehicle’s driver at the time of the request, whoever raises it', async () => {
    const driverOf = async (id: string) =>
      (await t.db.selectFrom('fuel_requests').select('driver_id').where('id', '=', id).executeTakeFirstOrThrow()).driver_id;
    const musa = (await t.db.selectFrom('users').select('id').where('email', '=', 'driver@acme.test').executeTakeFirstOrThrow()).id;
    const forHilux = (await request(tokens['asst@acme.test'] as string, { volume: 5 })).json().request;
    expect(await driverOf(forHilux.id)).toBe(musa);
    const forTruck = (await request(tokens['asst@acme.test'] as string, { vehicleId: ids.truck, volume: 5 })).json().request;
    expect(await driverOf(forTruck.id)).toBeNull();
  });

  it('lists the ACTIVE stations with their fuels and current prices', async () => {
    const res = await t.call('GET', '/api/fuel-requests/fuel-stations', { token: tokens['driver@acme.test'] });
    const unity = res.json().stations.find((s: { name: string }) => s.name === 'Unity Fuels Ikeja');
    expect(unity.prices).toEqual(
      expect.arrayContaining([
        { fuelType: 'PETROL', pricePerLitre: 950, unit: 'L' },
        { fuelType: 'DIESEL', pricePerLitre: 1150, unit: 'L' },
      ]),
    );
  });
});

describe('approving', () => {
  it('only the organization admin approves; approval locks the price, holds the money and issues a coupon', async () => {
    const created = (await request(tokens['asst@acme.test'] as string, { volume: 30 })).json().request;
    expect((await t.call('PATCH', `/api/fuel-requests/${created.id}/approve`, { token: tokens['asst@acme.test'] })).statusCode).toBe(403);
    expect((await t.call('PATCH', `/api/fuel-requests/${created.id}/approve`, { token: tokens['admin@fleetfuel.test'] })).statusCode).toBe(
      403,
    );
    expect((await t.call('PATCH', `/api/fuel-requests/${created.id}/approve`, { token: tokens['orgadmin@beta.test'] })).statusCode).toBe(
      404,
    );

    const before = await balance(tokens['orgadmin@acme.test'] as string);
    const res = await t.call('PATCH', `/api/fuel-requests/${created.id}/approve`, { token: tokens['orgadmin@acme.test'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Fuel request approved.',
      request: { status: 'APPROVED', pricePerUnit: 950, heldAmount: 28500, approvedBy: { name: 'Tunde Bakare' } },
    });
    expect(res.json().request.couponCode).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    const after = await balance(tokens['orgadmin@acme.test'] as string);
    expect(after).toMatchObject({ balance: before.balance, held: before.held + 28500, available: before.available - 28500 });

    // A price change after approval does not change what this coupon costs (the seeded price is put back after).
    const setPetrol = (pricePerLitre: number) =>
      t.call('PATCH', '/api/fuel-requests/update-price', {
        token: tokens['rep@unityfuels.test'],
        body: { fuelType: 'PETROL', pricePerLitre },
      });
    await setPetrol(1000);
    try {
      expect(
        (await t.call('GET', `/api/fuel-requests/single/${created.id}`, { token: tokens['orgadmin@acme.test'] })).json().pricePerUnit,
      ).toBe(950);
    } finally {
      await setPetrol(950);
    }
    const again = await t.call('PATCH', `/api/fuel-requests/${created.id}/approve`, { token: tokens['orgadmin@acme.test'] });
    expect(again.json().error).toBe('Only a pending request can be approved; this one is APPROVED');
  });

  it('refuses with the amounts needed and available when the wallet cannot cover the hold', async () => {
    const poor = await t.login('orgadmin@beta.test');
    const created = (
      await t.call('POST', '/api/fuel-requests', {
        token: poor,
        body: { vehicleId: ids.betaTruck, stationId: ids.unity, supplyDate: today(), volume: 50 },
      })
    ).json().request;
    const res = await t.call('PATCH', `/api/fuel-requests/${created.id}/approve`, { token: poor });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      error: 'Approving this request needs ₦57,500.00 on the wallet and ₦0.00 is available. Fund the wallet first.',
    });
    expect((await t.call('GET', `/api/fuel-requests/single/${created.id}`, { token: poor })).json().status).toBe('PENDING');
  });

  it('holds the group’s daily cap at its boundary (Operations: 200 L a day)', async () => {
    const token = tokens['orgadmin@acme.test'] as string;
    const day = addDays(today(), 1);
    const approve = async (vehicleId: string, volume: number) => {
      const created = (await request(token, { vehicleId, volume, supplyDate: day })).json().request;
      return t.call('PATCH', `/api/fuel-requests/${created.id}/approve`, { token });
    };
    // The Hilux and the motorcycle are both in Operations: 80 + 80 + 11 = 171 L so far.
    expect((await approve(ids.hilux as string, 80)).statusCode).toBe(200);
    expect((await approve(ids.hilux as string, 80)).statusCode).toBe(200);
    expect((await approve(ids.bike as string, 11)).statusCode).toBe(200);
    expect((await approve(ids.hilux as string, 30)).statusCode).toBe(422);
    const last = await approve(ids.hilux as string, 29);
    expect(last.statusCode).toBe(200);
    const over = await approve(ids.bike as string, 0.5);
    expect(over.json().error).toBe(
      `Operations may use 200 L a day; 200 L is already approved for ${calendarDay(day)} and this request needs 0.5 L.`,
    );
  });

  it('draws an ACTIVE reserve down and refuses what it cannot cover', async () => {
    const token = tokens['orgadmin@acme.test'] as string;
    const reserve = (await t.call('POST', '/api/fuel-reserves', { token, body: { fuelType: 'DIESEL', amount: 100 } })).json().reserve;
    await t.call('PATCH', `/api/fuel-reserves/${reserve.id}`, { token, body: {} });
    const day = addDays(today(), 2);
    const approve = async (volume: number) => {
      const created = (await request(token, { vehicleId: ids.truck, volume, supplyDate: day })).json().request;
      return t.call('PATCH', `/api/fuel-requests/${created.id}/approve`, { token });
    };
    expect((await approve(60)).statusCode).toBe(200);
    expect((await approve(40)).statusCode).toBe(200);
    const refused = await approve(0.01);
    expect(refused.json().error).toBe('The DIESEL reserve has 0 L left and this request needs 0.01 L.');
    const summary = (await t.call('GET', '/api/fuel-reserves', { token }))
      .json()
      .summary.find((s: { fuelType: string }) => s.fuelType === 'DIESEL');
    expect(summary).toMatchObject({ remaining: 0, total: 100 });
    // Without an ACTIVE reserve of the fuel, approvals no longer draw on one.
    await t.call('PATCH', `/api/fuel-reserves/${reserve.id}`, { token, body: { status: 'INACTIVE' } });
  });

  it('rejects with a note', async () => {
    const created = (await request(tokens['orgadmin@acme.test'] as string, { volume: 5 })).json().request;
    const res = await t.call('PATCH', `/api/fuel-requests/${created.id}/reject`, {
      token: tokens['orgadmin@acme.test'],
      body: { note: 'Use the pool car' },
    });
    expect(res.json()).toMatchObject({
      message: 'Fuel request rejected.',
      request: { status: 'REJECTED', rejectionNote: 'Use the pool car', rejectedBy: { name: 'Tunde Bakare' } },
    });
  });
});

async function approvedRequest(volume = 40, supplyDate = today()) {
  const token = tokens['orgadmin@acme.test'] as string;
  const created = (await request(token, { volume, supplyDate, vehicleId: ids.truck })).json().request;
  return (await t.call('PATCH', `/api/fuel-requests/${created.id}/approve`, { token })).json().request as {
    id: string;
    couponCode: string;
    heldAmount: number;
  };
}

describe('redeeming at the station', () => {
  it('20 concurrent redemptions of one coupon: one success, one debit, one credit', async () => {
    const approved = await approvedRequest(50);
    const stationBefore = await balance(tokens['rep@unityfuels.test'] as string);
    const orgBefore = await balance(tokens['orgadmin@acme.test'] as string);
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call('PATCH', `/api/fuel-requests/${approved.id}/complete`, {
          token: tokens[i % 2 ? 'rep@unityfuels.test' : 'attendant@unityfuels.test'],
          body: { code: approved.couponCode.toLowerCase(), dispensedVolume: 45 },
        }),
      ),
    );
    expect(attempts.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = attempts.filter((r) => r.statusCode !== 200);
    expect(refused.every((r) => r.statusCode === 422 && /already redeemed/.test(r.json().error))).toBe(true);
    const payments = await t.db.selectFrom('journal_entries').select('id').where('idempotency_key', '=', `redeem:${approved.id}`).execute();
    expect(payments).toHaveLength(1);
    // 45 L at the locked ₦1,150/L: the organization pays ₦51,750; the rest of its ₦57,500 hold is released.
    const orgAfter = await balance(tokens['orgadmin@acme.test'] as string);
    expect(orgAfter.balance).toBe(orgBefore.balance - 51750);
    expect(orgAfter.held).toBe(orgBefore.held - 57500);
    expect((await balance(tokens['rep@unityfuels.test'] as string)).balance).toBe(stationBefore.balance + 51750);
    const done = (await t.call('GET', `/api/fuel-requests/single/${approved.id}`, { token: tokens['orgadmin@acme.test'] })).json();
    expect(done).toMatchObject({ status: 'COMPLETED', dispensedVolume: 45, amount: 51750 });
  });

  it('gives the litres not dispensed back to the reserve the coupon drew on, and none when all were dispensed', async () => {
    const token = tokens['orgadmin@acme.test'] as string;
    const reserve = (await t.call('POST', '/api/fuel-reserves', { token, body: { fuelType: 'DIESEL', amount: 50 } })).json().reserve;
    await t.call('PATCH', `/api/fuel-reserves/${reserve.id}`, { token, body: {} });
    const reserveLeft = async () =>
      Number((await t.db.selectFrom('fuel_reserves').select('remaining').where('id', '=', reserve.id).executeTakeFirstOrThrow()).remaining);
    try {
      const partly = await approvedRequest(20);
      const fully = await approvedRequest(10);
      expect(await reserveLeft()).toBe(20);
      const redeem = (coupon: { id: string; couponCode: string }, dispensedVolume: number) =>
        t.call('PATCH', `/api/fuel-requests/${coupon.id}/complete`, {
          token: tokens['attendant@unityfuels.test'],
          body: { code: coupon.couponCode, dispensedVolume },
        });
      expect((await redeem(partly, 12.5)).statusCode).toBe(200);
      expect(await reserveLeft()).toBe(27.5);
      expect((await redeem(fully, 10)).statusCode).toBe(200);
      expect(await reserveLeft()).toBe(27.5);
    } finally {
      await t.call('PATCH', `/api/fuel-reserves/${reserve.id}`, { token, body: { status: 'INACTIVE' } });
    }
  });

  it('previews a coupon; refuses one altered by a character, another station’s, and too much volume', async () => {
    const approved = await approvedRequest(20);
    const preview = await t.call('GET', '/api/fuel-requests/coupon', {
      token: tokens['attendant@unityfuels.test'],
      query: { code: approved.couponCode },
    });
    expect(preview.json()).toMatchObject({
      kind: 'FUEL',
      redeemable: true,
      message: null,
      fuelRequest: { id: approved.id, volume: 20, vehicle: { plateNumber: 'APP-220-XA' }, organization: { name: 'Acme Logistics' } },
    });

    const altered = `${approved.couponCode.slice(0, -1)}${approved.couponCode.endsWith('A') ? 'B' : 'A'}`;
    const wrong = await t.call('PATCH', `/api/fuel-requests/${approved.id}/complete`, {
      token: tokens['attendant@unityfuels.test'],
      body: { code: altered, dispensedVolume: 10 },
    });
    expect(wrong.json()).toMatchObject({ field: 'code', error: 'The coupon code does not match this request' });
    expect(
      (await t.call('GET', '/api/fuel-requests/coupon', { token: tokens['attendant@unityfuels.test'], query: { code: altered } }))
        .statusCode,
    ).toBe(404);

    const elsewhere = await t.call('PATCH', `/api/fuel-requests/${approved.id}/complete`, {
      token: tokens['rep@greenline.test'],
      body: { code: approved.couponCode, dispensedVolume: 10 },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(
      (await t.call('GET', '/api/fuel-requests/coupon', { token: tokens['rep@greenline.test'], query: { code: approved.couponCode } }))
        .statusCode,
    ).toBe(404);
    expect((await t.call('GET', `/api/fuel-requests/single/${approved.id}`, { token: tokens['rep@greenline.test'] })).statusCode).toBe(404);

    const tooMuch = await t.call('PATCH', `/api/fuel-requests/${approved.id}/complete`, {
      token: tokens['attendant@unityfuels.test'],
      body: { code: approved.couponCode, dispensedVolume: 20.5 },
    });
    expect(tooMuch.json()).toMatchObject({ field: 'dispensedVolume', error: 'At most 20 L may be dispensed on this coupon' });
    expect(
      (
        await t.call('PATCH', `/api/fuel-requests/${approved.id}/complete`, {
          token: tokens['orgadmin@acme.test'],
          body: { code: approved.couponCode, dispensedVolume: 1 },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('station users see only approved and completed requests addressed to them', async () => {
    const list = await t.call('GET', '/api/fuel-requests/all-requests', { token: tokens['attendant@unityfuels.test'] });
    const statuses = new Set(list.json().requests.map((r: { status: string }) => r.status));
    expect([...statuses].every((s) => s === 'APPROVED' || s === 'COMPLETED')).toBe(true);
    expect((await t.call('GET', '/api/fuel-requests/all-requests', { token: tokens['rep@greenline.test'] })).json().meta.total).toBe(0);
  });
});

describe('expiry', () => {
  it('an approved coupon past its expiry becomes EXPIRED and releases its hold and reserve', async () => {
    const token = tokens['orgadmin@acme.test'] as string;
    const reserve = (await t.call('POST', '/api/fuel-reserves', { token, body: { fuelType: 'DIESEL', amount: 30 } })).json().reserve;
    await t.call('PATCH', `/api/fuel-reserves/${reserve.id}`, { token, body: {} });
    const approved = await approvedRequest(10, today());
    const reserveLeft = async () =>
      Number((await t.db.selectFrom('fuel_reserves').select('remaining').where('id', '=', reserve.id).executeTakeFirstOrThrow()).remaining);
    expect(await reserveLeft()).toBe(20);
    const heldBefore = (await balance(token)).held;

    clock.set(new Date(Date.now() + 5 * 86_400_000));
    try {
      expect(await t.app.jobs.expireCoupons()).toBeGreaterThanOrEqual(1);
      const hold = await t.db.selectFrom('holds').select('status').where('reference', '=', `fuel:${approved.id}`).executeTakeFirstOrThrow();
      expect(hold.status).toBe('RELEASED');
      expect((await balance(token)).held).toBeLessThanOrEqual(heldBefore - approved.heldAmount);
      expect(await reserveLeft()).toBe(30);
      const row = (await t.call('GET', `/api/fuel-requests/single/${approved.id}`, { token })).json();
      expect(row.status).toBe('EXPIRED');
      const redeem = await t.call('PATCH', `/api/fuel-requests/${approved.id}/complete`, {
        token: tokens['attendant@unityfuels.test'],
        body: { code: approved.couponCode, dispensedVolume: 1 },
      });
      expect(redeem.json().error).toMatch(/^This coupon expired on /);
      // Every hold still open on the wallet belongs to a request that is still APPROVED.
      const strays = await sql`SELECT h.reference FROM holds h LEFT JOIN fuel_requests r ON h.reference = 'fuel:' || r.id
        WHERE h.status = 'OPEN' AND h.reference LIKE 'fuel:%' AND (r.status IS NULL OR r.status <> 'APPROVED')`.execute(t.db);
      expect(strays.rows).toEqual([]);
    } finally {
      clock.set(new Date());
      await t.call('PATCH', `/api/fuel-reserves/${reserve.id}`, { token, body: { status: 'INACTIVE' } });
    }
  });
});

describe('plan limits and subscription', () => {
  it('refuses the request past the plan’s limit for the cycle, and any request once the subscription expired', async () => {
    const token = tokens['orgadmin@beta.test'] as string;
    // The limit is set one above what Beta has already made this cycle, whatever other tests made before.
    const current = (await t.call('GET', '/api/subscriptions/current', { token })).json();
    const made = current.subscription.usage.fuelRequests.used as number;
    const limit = made + 1;
    const starter = await t.db
      .selectFrom('subscription_plans')
      .select('fuel_request_limit')
      .where('name', '=', 'Starter')
      .executeTakeFirstOrThrow();
    const beta = await t.db.selectFrom('organizations').select('next_billing').where('name', '=', 'Beta Haulage').executeTakeFirstOrThrow();
    // Beta's plan and subscription are put back after, for the file's other tests.
    onTestFinished(async () => {
      await t.db
        .updateTable('subscription_plans')
        .set({ fuel_request_limit: starter.fuel_request_limit })
        .where('name', '=', 'Starter')
        .execute();
      await t.db.updateTable('organizations').set({ next_billing: beta.next_billing }).where('name', '=', 'Beta Haulage').execute();
    });
    await sql`UPDATE subscription_plans SET fuel_request_limit = ${limit} WHERE name = 'Starter'`.execute(t.db);
    const make = () =>
      t.call('POST', '/api/fuel-requests', {
        token,
        body: { vehicleId: ids.betaTruck, stationId: ids.unity, supplyDate: today(), volume: 5 },
      });
    expect((await make()).statusCode).toBe(200);
    const over = await make();
    expect(over.statusCode).toBe(422);
    expect(over.json().error).toBe(
      `Your plan (Starter) allows ${limit} fuel requests a cycle and ${limit} are made this cycle. Upgrade the plan or wait for the next billing cycle first.`,
    );
    await sql`UPDATE subscription_plans SET fuel_request_limit = 0 WHERE name = 'Starter'`.execute(t.db);
    await sql`UPDATE organizations SET next_billing = now() - interval '1 day' WHERE name = 'Beta Haulage'`.execute(t.db);
    const expired = await make();
    expect(expired.json().error).toMatch(
      /^The subscription of Beta Haulage expired on \d{1,2} [A-Z][a-z]{2} \d{4}\. Renew it on the Billing page to make new requests\.$/,
    );
  });
});
