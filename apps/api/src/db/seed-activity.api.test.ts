import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { seedDemoActivity } from './seed-activity.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.transaction().execute((trx) => seedDemoActivity(trx));
});
afterAll(async () => t.close());

describe('the demo activity', () => {
  it('keeps the ledger consistent: balanced entries, balances equal to postings, holds equal to open holds', async () => {
    const unbalanced = await sql`SELECT entry_id FROM postings GROUP BY entry_id HAVING sum(amount_kobo) <> 0`.execute(t.db);
    expect(unbalanced.rows).toEqual([]);
    const drift =
      await sql`SELECT a.id FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_kobo) s FROM postings GROUP BY account_id) p
      ON p.account_id = a.id WHERE a.balance_kobo <> coalesce(p.s, 0)`.execute(t.db);
    expect(drift.rows).toEqual([]);
    const holds =
      await sql`SELECT a.id FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_kobo) s FROM holds WHERE status = 'OPEN' GROUP BY account_id) h
      ON h.account_id = a.id WHERE a.held_kobo <> coalesce(h.s, 0)`.execute(t.db);
    expect(holds.rows).toEqual([]);
    const orphanHolds =
      await sql`SELECT h.reference FROM holds h LEFT JOIN fuel_requests r ON h.reference = 'fuel:' || r.id WHERE h.status = 'OPEN' AND r.status IS DISTINCT FROM 'APPROVED'`.execute(
        t.db,
      );
    expect(orphanHolds.rows).toEqual([]);
  });

  it('has fuel and maintenance requests in every status, and money for every wallet', async () => {
    const fuel = await t.db.selectFrom('fuel_requests').select('status').distinct().execute();
    expect(fuel.map((r) => r.status).sort()).toEqual(['APPROVED', 'COMPLETED', 'EXPIRED', 'PENDING', 'REJECTED']);
    const maintenance = await t.db.selectFrom('maintenance_requests').select('status').distinct().execute();
    expect(maintenance.map((r) => r.status).sort()).toEqual(['APPROVED', 'COMPLETED', 'PENDING', 'REJECTED']);
    for (const email of ['orgadmin@acme.test', 'orgadmin@beta.test', 'rep@unityfuels.test', 'rep@greenline.test']) {
      const wallet = (await t.call('GET', '/api/wallet', { token: await t.login(email) })).json().wallet;
      expect(wallet.balance, email).toBeGreaterThan(0);
    }
    const types = await t.db.selectFrom('postings').select('type').distinct().execute();
    expect(types.map((r) => r.type).sort()).toEqual(['CREDIT', 'DEBIT', 'FUNDING', 'PAYMENT', 'PAYOUT', 'SUBSCRIPTION']);
  });

  it('serves each station’s counts of vehicles and drivers it has served', async () => {
    const stations = (await t.call('GET', '/api/admin/fuel-stations', { token: await t.login('admin@fleetfuel.test') })).json().data;
    const unity = stations.find((s: { name: string }) => s.name === 'Unity Fuels Ikeja');
    const greenline = stations.find((s: { name: string }) => s.name === 'Greenline Energy Lekki');
    // Unity redeemed for the Hilux, the motorcycle and Beta's Isuzu, requested by three people; Greenline only the truck.
    expect(unity).toMatchObject({ vehiclesCount: 3, driversCount: 3 });
    expect(greenline).toMatchObject({ vehiclesCount: 1, driversCount: 1 });
  });

  it('leaves an approved coupon a station can redeem today', async () => {
    const attendant = await t.login('attendant@unityfuels.test');
    const approved = await t.db
      .selectFrom('fuel_requests')
      .select(['id', 'coupon_code'])
      .where('status', '=', 'APPROVED')
      .where('volume', '=', '40')
      .executeTakeFirstOrThrow();
    const res = await t.call('PATCH', `/api/fuel-requests/${approved.id}/complete`, {
      token: attendant,
      body: { code: approved.coupon_code, dispensedVolume: 38 },
    });
    expect(res.statusCode).toBe(200);
    const reserve = (await t.call('GET', '/api/fuel-reserves', { token: await t.login('orgadmin@acme.test') }))
      .json()
      .summary.find((s: { fuelType: string }) => s.fuelType === 'PETROL');
    expect(reserve.remaining).toBe(1962);
  });
});
