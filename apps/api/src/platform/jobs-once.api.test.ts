/**
 * Scheduled work runs on every instance's timer. Two instances over one database (two pools on
 * PostgreSQL, as two servers would have) run each job at the same moment, several times: every
 * coupon expires once, the daily reminders go out once, and a paid card payment is credited once.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDate } from './clock.js';
import { createTestApps, movableClock, type TestApp } from '../../test/harness.js';

const clock = movableClock(new Date());
let a: TestApp;
let b: TestApp;
let admin: string;
let orgAdmin: string;

async function wallet() {
  return (await a.call('GET', '/api/wallet', { token: orgAdmin })).json<{ wallet: { id: string; balance: number; held: number } }>().wallet;
}

async function ledgerIsConsistent() {
  const unbalanced = await sql`SELECT entry_id FROM postings GROUP BY entry_id HAVING sum(amount_kobo) <> 0`.execute(a.db);
  expect(unbalanced.rows).toEqual([]);
  const drifted =
    await sql`SELECT a.id FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_kobo) s FROM postings GROUP BY account_id) p
    ON p.account_id = a.id WHERE a.balance_kobo <> coalesce(p.s, 0)`.execute(a.db);
  expect(drifted.rows).toEqual([]);
}

beforeAll(async () => {
  [a, b] = (await createTestApps(2, {}, { clock })) as [TestApp, TestApp];
  admin = await a.login('admin@fleetfuel.test');
  orgAdmin = await a.login('orgadmin@acme.test');
});
afterAll(async () => {
  await a.close();
  await b.close();
});

describe('scheduled work on two instances', () => {
  it('expires each lapsed coupon once and releases its hold once', async () => {
    const { id: walletId } = await wallet();
    const funded = await a.call('POST', `/api/wallet/${walletId}/create-transaction`, {
      token: admin,
      body: { amount: 200_000, type: 'CREDIT', note: 'coupons' },
    });
    expect(funded.statusCode, funded.body).toBe(200);
    const hilux = await a.db.selectFrom('vehicles').select('id').where('plate_number', '=', 'LND-451-KJ').executeTakeFirstOrThrow();
    const unity = await a.db.selectFrom('fuel_stations').select('id').where('name', '=', 'Unity Fuels Ikeja').executeTakeFirstOrThrow();
    const before = await wallet();
    const approved: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const created = await a.call('POST', '/api/fuel-requests', {
        token: orgAdmin,
        body: { vehicleId: hilux.id, stationId: unity.id, supplyDate: lagosDate(clock.now()), volume: 5 },
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json<{ request: { id: string } }>().request.id;
      // Approvals go through either instance, as a load balancer would send them.
      const approve = await (i % 2 ? b : a).call('PATCH', `/api/fuel-requests/${id}/approve`, { token: orgAdmin, body: {} });
      expect(approve.statusCode, approve.body).toBe(200);
      approved.push(id);
    }
    expect((await wallet()).held).toBeGreaterThan(before.held);

    clock.set(new Date(clock.now().getTime() + 30 * 86_400_000));
    const runs = await Promise.all([
      a.app.jobs.expireCoupons(),
      b.app.jobs.expireCoupons(),
      a.app.jobs.expireCoupons(),
      b.app.jobs.expireCoupons(),
    ]);
    expect(runs.reduce((sum, n) => sum + n, 0)).toBe(approved.length);
    const statuses = await a.db.selectFrom('fuel_requests').select('status').where('id', 'in', approved).execute();
    expect(statuses.map((r) => r.status)).toEqual(approved.map(() => 'EXPIRED'));
    const after = await wallet();
    expect(after.held).toBe(before.held);
    expect(after.balance).toBe(before.balance);
    await ledgerIsConsistent();
  });

  it('sends the daily reminders from one instance only', async () => {
    await Promise.all([a.app.background.idle(), b.app.background.idle()]);
    const earlier = [a.outbox().length, b.outbox().length];
    const runs = await Promise.all([a.app.jobs.dailyReminders(), b.app.jobs.dailyReminders(), a.app.jobs.dailyReminders()]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    await Promise.all([a.app.background.idle(), b.app.background.idle()]);
    const sentBy = [a.outbox().length - (earlier[0] as number), b.outbox().length - (earlier[1] as number)];
    // The demo fleet has an insurance or a registration running out: one instance mails about it.
    expect(sentBy.filter((n) => n > 0)).toHaveLength(1);
    // The next Lagos day runs again, once.
    clock.set(new Date(clock.now().getTime() + 86_400_000));
    const nextDay = await Promise.all([b.app.jobs.dailyReminders(), a.app.jobs.dailyReminders()]);
    expect(nextDay.filter(Boolean)).toHaveLength(1);
  });

  it('credits a paid card payment whose webhook was lost once, however many instances reconcile it', async () => {
    const before = await wallet();
    const fund = await a.call('POST', '/api/wallet/fund', { token: orgAdmin, body: { amount: 7_500 } });
    expect(fund.statusCode, fund.body).toBe(200);
    const { reference } = fund.json<{ reference: string }>();
    // The payer paid; the webhook never arrived (its server died).
    await a.db.updateTable('sandbox_charges').set({ status: 'success' }).where('reference', '=', reference).execute();

    const runs = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? b : a).app.jobs.reconcileCardPayments({ recheckAfterMs: 0 })),
    );
    expect(runs.reduce((sum, run) => sum + run.credited, 0)).toBe(1);
    const payment = await a.db.selectFrom('card_payments').select('status').where('reference', '=', reference).executeTakeFirstOrThrow();
    expect(payment.status).toBe('SUCCESS');
    expect((await wallet()).balance).toBe(before.balance + 7_500);
    await ledgerIsConsistent();
  });
});
