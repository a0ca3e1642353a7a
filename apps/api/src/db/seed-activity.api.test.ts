import type { AuditEntry } from '@fleetfuel/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { movableClock } from '../../test/harness.js';
import { useTestApp } from '../../test/test-world.js';
import { seedDemoActivity } from './seed-activity.js';

const DAY_MS = 86_400_000;
const HALF_HOUR_MS = 1_800_000;

const world = useTestApp({
  setUp: async ({ t }) => {
    await t.db.transaction().execute((trx) => seedDemoActivity(trx));
  },
});

describe('the demo activity', () => {
  it('keeps the ledger consistent: balanced entries, balances equal to postings, holds equal to open holds', async () => {
    const unbalanced = await sql`SELECT entry_id FROM postings GROUP BY entry_id HAVING sum(amount_kobo) <> 0`.execute(world.t.db);
    expect(unbalanced.rows).toEqual([]);
    const drift =
      await sql`SELECT a.id FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_kobo) s FROM postings GROUP BY account_id) p
      ON p.account_id = a.id WHERE a.balance_kobo <> coalesce(p.s, 0)`.execute(world.t.db);
    expect(drift.rows).toEqual([]);
    const holds =
      await sql`SELECT a.id FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_kobo) s FROM holds WHERE status = 'OPEN' GROUP BY account_id) h
      ON h.account_id = a.id WHERE a.held_kobo <> coalesce(h.s, 0)`.execute(world.t.db);
    expect(holds.rows).toEqual([]);
    const orphanHolds =
      await sql`SELECT h.reference FROM holds h LEFT JOIN fuel_requests r ON h.reference = 'fuel:' || r.id WHERE h.status = 'OPEN' AND r.status IS DISTINCT FROM 'APPROVED'`.execute(
        world.t.db,
      );
    expect(orphanHolds.rows).toEqual([]);
  });

  it('has fuel and maintenance requests in every status, and money for every wallet', async () => {
    const fuel = await world.t.db.selectFrom('fuel_requests').select('status').distinct().execute();
    expect(fuel.map((r) => r.status).sort()).toEqual(['APPROVED', 'COMPLETED', 'EXPIRED', 'PENDING', 'REJECTED']);
    const maintenance = await world.t.db.selectFrom('maintenance_requests').select('status').distinct().execute();
    expect(maintenance.map((r) => r.status).sort()).toEqual(['APPROVED', 'COMPLETED', 'PENDING', 'REJECTED']);
    for (const email of ['orgadmin@acme.test', 'orgadmin@beta.test', 'rep@unityfuels.test', 'rep@greenline.test']) {
      const wallet = (await world.t.call('GET', '/api/wallet', { token: await world.t.login(email) })).json().wallet;
      expect(wallet.balance, email).toBeGreaterThan(0);
    }
    const types = await world.t.db.selectFrom('postings').select('type').distinct().execute();
    expect(types.map((r) => r.type).sort()).toEqual(['CREDIT', 'DEBIT', 'FUNDING', 'PAYMENT', 'PAYOUT', 'SUBSCRIPTION']);
  });

  it('serves each station’s counts of vehicles and drivers it has served', async () => {
    const stations = (await world.t.call('GET', '/api/admin/fuel-stations', { token: await world.t.login('admin@fleetfuel.test') })).json()
      .data;
    const unity = stations.find((s: { name: string }) => s.name === 'Unity Fuels Ikeja');
    const greenline = stations.find((s: { name: string }) => s.name === 'Greenline Energy Lekki');
    // Unity redeemed for the Hilux, the motorcycle and Beta's Isuzu, requested by three people; Greenline only the truck.
    expect(unity).toMatchObject({ vehiclesCount: 3, driversCount: 3 });
    expect(greenline).toMatchObject({ vehiclesCount: 1, driversCount: 1 });
  });

  it('leaves an approved coupon a station can redeem today', async () => {
    const attendant = await world.t.login('attendant@unityfuels.test');
    const approved = await world.t.db
      .selectFrom('fuel_requests')
      .select(['id', 'coupon_code'])
      .where('status', '=', 'APPROVED')
      .where('volume', '=', '40')
      .executeTakeFirstOrThrow();
    const res = await world.t.call('PATCH', `/api/fuel-requests/${approved.id}/complete`, {
      token: attendant,
      body: { code: approved.coupon_code, dispensedVolume: 38 },
    });
    expect(res.statusCode).toBe(200);
    const reserve = (await world.t.call('GET', '/api/fuel-reserves', { token: await world.t.login('orgadmin@acme.test') }))
      .json()
      .summary.find((s: { fuelType: string }) => s.fuelType === 'PETROL');
    expect(reserve.remaining).toBe(1962);
  });
});

describe('the demo history seeded at 00:30 UTC (01:30 in Lagos)', () => {
  // The next 00:30 UTC: early in the day, when today's events counted forward from midnight would
  // still lie ahead. The database's clock, which dates the registry, stays behind it as when seeding.
  const now = new Date(Math.ceil((Date.now() - HALF_HOUR_MS) / DAY_MS) * DAY_MS + HALF_HOUR_MS);
  const early = useTestApp({
    deps: { clock: movableClock(now) },
    setUp: async ({ t }) => {
      await t.db.transaction().execute((trx) => seedDemoActivity(trx, now));
    },
  });

  it('dates no request, decision, redemption, payment, posting or audit entry after the seeding', async () => {
    const events: Record<string, string[]> = {
      fuel_requests: ['created_at', 'approved_at', 'rejected_at', 'redeemed_at', 'expired_at'],
      maintenance_requests: ['created_at', 'approved_at', 'rejected_at', 'completed_at'],
      fuel_reserves: ['created_at', 'approved_at'],
      journal_entries: ['created_at'],
      postings: ['created_at'],
      card_payments: ['created_at', 'completed_at'],
      payouts: ['created_at', 'completed_at'],
      audit_log: ['occurred_at'],
    };
    const late: string[] = [];
    for (const [table, columns] of Object.entries(events)) {
      for (const column of columns) {
        const { rows } = await sql<{ latest: Date | null }>`SELECT max(${sql.ref(column)}) AS latest FROM ${sql.table(table)}`.execute(
          early.t.db,
        );
        const latest = rows[0]?.latest;
        if (latest && latest.getTime() > now.getTime()) late.push(`${table}.${column} ${latest.toISOString()}`);
      }
    }
    expect(late, `seeded at ${now.toISOString()}`).toEqual([]);
  });

  it('holds six months of audit entries of every kind the history made, not only sign-ins', async () => {
    const { rows } = await sql<{ action: string }>`SELECT DISTINCT action FROM audit_log`.execute(early.t.db);
    expect(rows.map((r) => r.action).sort()).toEqual(
      expect.arrayContaining([
        'fuel_request.approved',
        'fuel_request.expired',
        'fuel_request.redeemed',
        'fuel_request.rejected',
        'fuel_station.price_changed',
        'maintenance_request.approved',
        'maintenance_request.completed',
        'maintenance_request.rejected',
        'organization.renewed',
        'reserve.approved',
        'user.signed_in',
        'vehicle.status_changed',
        'wallet.adjusted',
        'wallet.funded',
        'wallet.paid_out',
        'wallet.subscription_paid',
      ]),
    );
    // Entries in each of the last six 30-day months.
    const { rows: months } = await sql<{
      month: number;
    }>`SELECT DISTINCT floor(extract(epoch FROM (${now}::timestamptz - occurred_at)) / 86400 / 30)::int AS month
      FROM audit_log`.execute(early.t.db);
    expect(months.map((r) => r.month)).toEqual(expect.arrayContaining([0, 1, 2, 3, 4, 5]));
  });

  it('records each seeded decision and redemption as the services do: at its time, by its person, with what changed', async () => {
    const completed = await early.t.db.selectFrom('fuel_requests').select('id').where('status', '=', 'COMPLETED').execute();
    expect(completed.length).toBeGreaterThan(20);
    // Every redeemed coupon has its redemption entry; every decision its approval or rejection.
    const unrecorded = await sql<{ id: string; what: string }>`
      SELECT r.id, 'redeemed' AS what FROM fuel_requests r WHERE r.status = 'COMPLETED' AND NOT EXISTS (
        SELECT 1 FROM audit_log a WHERE a.action = 'fuel_request.redeemed' AND a.entity_id = r.id::text
          AND a.occurred_at = r.redeemed_at AND a.actor_user_id = r.redeemed_by
          AND a.organization_id = r.organization_id AND a.station_id = r.station_id
          AND (a.changes -> 'dispensedVolume' ->> 'after')::numeric = r.dispensed_volume
          AND (a.changes -> 'amount' ->> 'after')::numeric * 100 = r.amount_kobo)
      UNION ALL
      SELECT r.id, 'approved' FROM fuel_requests r WHERE r.approved_at IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM audit_log a WHERE a.action = 'fuel_request.approved' AND a.entity_id = r.id::text
          AND a.occurred_at = r.approved_at AND a.actor_user_id = r.approved_by
          AND (a.changes -> 'heldAmount' ->> 'after')::numeric * 100 = r.hold_kobo)
      UNION ALL
      SELECT r.id, 'rejected' FROM fuel_requests r WHERE r.status = 'REJECTED' AND NOT EXISTS (
        SELECT 1 FROM audit_log a WHERE a.action = 'fuel_request.rejected' AND a.entity_id = r.id::text
          AND a.occurred_at = r.rejected_at AND a.actor_user_id = r.rejected_by)
      UNION ALL
      SELECT m.id, 'maintenance approved' FROM maintenance_requests m WHERE m.approved_at IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM audit_log a WHERE a.action = 'maintenance_request.approved' AND a.entity_id = m.id::text
          AND a.occurred_at = m.approved_at AND a.actor_user_id = m.approved_by)
      UNION ALL
      SELECT m.id, 'maintenance ' || lower(m.status) FROM maintenance_requests m WHERE m.status IN ('COMPLETED', 'REJECTED') AND NOT EXISTS (
        SELECT 1 FROM audit_log a WHERE a.action = 'maintenance_request.' || lower(m.status) AND a.entity_id = m.id::text
          AND a.occurred_at = coalesce(m.completed_at, m.rejected_at) AND a.actor_user_id = coalesce(m.completed_by, m.rejected_by))`.execute(
      early.t.db,
    );
    expect(unrecorded.rows).toEqual([]);

    // A wallet's entry tells the balance that the wallet's postings up to it add up to.
    const misstated = await sql<{ id: string }>`SELECT a.id FROM audit_log a WHERE a.action LIKE 'wallet.%'
      AND (a.changes -> 'balance' ->> 'after')::numeric * 100 IS DISTINCT FROM (
        SELECT sum(p.amount_kobo) FROM postings p WHERE p.account_id::text = a.entity_id AND p.created_at <= a.occurred_at)`.execute(
      early.t.db,
    );
    expect(misstated.rows).toEqual([]);
  });

  it('serves the seeded entries through the audit log, in each scope', async () => {
    const read = async (email: string, query: Record<string, string | number>) => {
      const res = await early.t.call('GET', '/api/audit-log', { token: await early.t.login(email), query: { pageSize: 100, ...query } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ entries: AuditEntry[]; meta: { total: number } }>();
    };
    const all = await read('admin@fleetfuel.test', {});
    expect(all.meta.total).toBeGreaterThan(100);
    expect(new Set(all.entries.map((e) => e.action)).size).toBeGreaterThan(3);
    // Greenline's rep sees the truck's redemptions at Greenline, which Greenline's own staff made.
    const greenline = await read('rep@greenline.test', { action: 'fuel_request.redeemed' });
    expect(greenline.meta.total).toBeGreaterThan(0);
    expect(new Set(greenline.entries.map((e) => e.actor?.name))).toEqual(new Set(['Kemi Lawal']));
    const beta = await read('orgadmin@beta.test', { entityType: 'wallet' });
    expect(beta.entries.map((e) => e.action).sort()).toEqual(['wallet.adjusted', 'wallet.funded']);
  });

  it('leaves each organization an approved coupon a station can redeem right then, recorded like the seeded redemptions', async () => {
    const attendant = await early.t.login('attendant@unityfuels.test');
    const approved = await early.t.db
      .selectFrom('fuel_requests')
      .select(['id', 'organization_id', 'coupon_code', 'volume'])
      .where('status', '=', 'APPROVED')
      .execute();
    expect(new Set(approved.map((r) => r.organization_id)).size).toBe(2);
    for (const request of approved) {
      const res = await early.t.call('PATCH', `/api/fuel-requests/${request.id}/complete`, {
        token: attendant,
        body: { code: request.coupon_code, dispensedVolume: Number(request.volume) - 1 },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    // A redemption made now is recorded with the same fields as the seeded ones.
    const live = await early.t.db
      .selectFrom('audit_log')
      .select(['changes', 'actor_role'])
      .where('action', '=', 'fuel_request.redeemed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const seeded = await early.t.db
      .selectFrom('audit_log')
      .select(['changes', 'actor_role'])
      .where('action', '=', 'fuel_request.redeemed')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(Object.keys(seeded.changes).sort()).toEqual(Object.keys(live.changes).sort());
    expect(seeded.actor_role).toBe(live.actor_role);
  });
});
