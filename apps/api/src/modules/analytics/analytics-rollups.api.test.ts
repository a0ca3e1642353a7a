import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { lagosDate } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { NO_DRIVER_IDS_BELOW } from '../../platform/db/rollups.js';
import { monthsEnding } from './analytics.service.js';
import { createTestApps, movableClock, type TestApp } from '../../../test/harness.js';
import { randomSource } from '../../../test/random.js';
import { signInAll, STATION_ACCOUNTS } from '../../../test/demo-world.js';

/**
 * The monthly rollups (migration 0011) against a computation from scratch: after a random but
 * repeatable sequence of requests, approvals, redemptions and rejections through the API, and
 * after the same done concurrently by two app instances on PostgreSQL.
 */

/** Rollup rows summed over their shards, without rows that net to nothing. */
async function rollupFigures(db: Database) {
  const { rows } = await sql<Record<string, string>>`
    SELECT scope, scope_id, subject, month, status, sum(request_count) AS requests, sum(volume) AS volume,
      sum(dispensed_volume) AS dispensed, sum(amount_kobo) AS amount, sum(fee_kobo) AS fee, sum(estimate_kobo) AS estimate
    FROM analytics_monthly_totals
    GROUP BY scope, scope_id, subject, month, status
    HAVING sum(request_count) <> 0 OR sum(volume) <> 0 OR sum(dispensed_volume) <> 0 OR sum(amount_kobo) <> 0 OR sum(fee_kobo) <> 0
      OR sum(estimate_kobo) <> 0
    ORDER BY scope, scope_id, subject, month, status`.execute(db);
  return rows;
}

/** Drivers' months (0029) without rows that net to nothing, and the stations' reach. */
async function redemptionFigures(db: Database) {
  const { rows: driverMonths } = await sql<Record<string, string>>`
    SELECT scope, scope_id, month, driver_id, redemptions, dispensed_volume FROM analytics_driver_months
    WHERE redemptions <> 0 OR dispensed_volume <> 0 ORDER BY scope, scope_id, month, driver_id`.execute(db);
  const { rows: reach } = await sql<Record<string, string>>`
    SELECT station_id, kind, subject_id FROM analytics_station_reach ORDER BY station_id, kind, subject_id`.execute(db);
  return { driverMonths, reach };
}

/** The rollups as kept by the triggers, and as recomputed from the request rows themselves. */
async function keptAndRebuilt(db: Database) {
  const kept = { totals: await rollupFigures(db), ...(await redemptionFigures(db)) };
  await sql`SELECT analytics_rebuild(), analytics_redemptions_rebuild()`.execute(db);
  return { kept, rebuilt: { totals: await rollupFigures(db), ...(await redemptionFigures(db)) } };
}

const clock = movableClock(new Date());
let apps: TestApp[];
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

/** Who redeems at each station. */
const ATTENDANT: Record<string, string> = {};

beforeAll(async () => {
  apps = await createTestApps(2, {}, { clock });
  t = apps[0] as TestApp;
  Object.assign(tokens, await signInAll(t, STATION_ACCOUNTS));
  const byName = (rows: Array<{ id: string; name: string | null }>, name: string) => rows.find((row) => row.name === name)?.id as string;
  const organizations = await t.db.selectFrom('organizations').select(['id', 'name']).execute();
  const vehicles = await t.db.selectFrom('vehicles').select(['id', 'plate_number as name']).execute();
  const stations = await t.db.selectFrom('fuel_stations').select(['id', 'name']).execute();
  ids.acme = byName(organizations, 'Acme Logistics');
  ids.beta = byName(organizations, 'Beta Haulage');
  ids.hilux = byName(vehicles, 'LND-451-KJ');
  ids.truck = byName(vehicles, 'APP-220-XA');
  ids.betaTruck = byName(vehicles, 'KAN-903-BT');
  ids.unity = byName(stations, 'Unity Fuels Ikeja');
  ids.greenline = byName(stations, 'Greenline Energy Lekki');
  ATTENDANT[ids.unity] = 'attendant@unityfuels.test';
  ATTENDANT[ids.greenline] = 'rep@greenline.test';
  for (const organizationId of [ids.acme, ids.beta]) {
    const wallet = (await t.call('GET', '/api/wallet', { token: tokens['admin@fleetfuel.test'], query: { organizationId } })).json().wallet;
    await t.call('POST', `/api/wallet/${wallet.id}/create-transaction`, {
      token: tokens['admin@fleetfuel.test'],
      body: { amount: 5_000_000, type: 'CREDIT', note: 'test funds' },
    });
  }
});
afterAll(async () => {
  // The decisions' e-mails go out after the replies: let them finish before the outboxes go.
  for (const app of apps) await app.app.background.idle();
  for (const app of apps) await app.close();
});

interface Open {
  id: string;
  stationId: string;
  volume: number;
  couponCode?: string;
}

/** The fleet each organization admin requests for. */
const fleets = () => [
  { token: 'orgadmin@acme.test', vehicles: [ids.hilux as string, ids.truck as string] },
  { token: 'orgadmin@beta.test', vehicles: [ids.betaTruck as string] },
];

/** One step of the lifecycle through the API; each reply must be a success. */
function lifecycle(app: TestApp) {
  const ok = (res: Awaited<ReturnType<TestApp['call']>>) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().request as { id: string; couponCode: string | null; volume: number };
  };
  return {
    create: async (fleet: { token: string; vehicles: string[] }, vehicleId: string, stationId: string, volume: number) => {
      const request = ok(
        await app.call('POST', '/api/fuel-requests', {
          token: tokens[fleet.token],
          body: { vehicleId, stationId, supplyDate: lagosDate(clock.now()), volume },
        }),
      );
      return { id: request.id, stationId, volume, token: fleet.token };
    },
    approve: async (open: Open & { token: string }) => {
      const request = ok(await app.call('PATCH', `/api/fuel-requests/${open.id}/approve`, { token: tokens[open.token] }));
      return { ...open, couponCode: request.couponCode ?? '' };
    },
    reject: async (open: Open & { token: string }) =>
      ok(await app.call('PATCH', `/api/fuel-requests/${open.id}/reject`, { token: tokens[open.token], body: { note: 'Not this week' } })),
    redeem: async (open: Open, dispensedVolume: number) =>
      ok(
        await app.call('PATCH', `/api/fuel-requests/${open.id}/complete`, {
          token: tokens[ATTENDANT[open.stationId] as string],
          body: { code: open.couponCode, dispensedVolume },
        }),
      ),
  };
}

describe('the analytics rollups', () => {
  // The writers the triggers call: a SQL-language function that writes is parsed and planned at
  // every call; a PL/pgSQL one once per connection (migration 0038). What they write is checked
  // against the rebuild below.
  it('are written by PL/pgSQL functions, which keep their plans', async () => {
    const { rows } = await sql<{ proname: string; lanname: string }>`
      SELECT p.proname, l.lanname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
      WHERE p.proname IN ('analytics_add', 'analytics_driver_month_add', 'analytics_station_reach_add', 'analytics_station_reach_remove')
      ORDER BY p.proname`.execute(t.db);
    expect(rows).toEqual([
      { proname: 'analytics_add', lanname: 'plpgsql' },
      { proname: 'analytics_driver_month_add', lanname: 'plpgsql' },
      { proname: 'analytics_station_reach_add', lanname: 'plpgsql' },
      { proname: 'analytics_station_reach_remove', lanname: 'plpgsql' },
    ]);
  });

  it('after a random sequence of requests, approvals, redemptions and rejections, equal a computation from scratch', async () => {
    const random = randomSource(20261123);
    const steps = lifecycle(t);
    const pending: Array<Open & { token: string }> = [];
    const approved: Array<Open & { token: string }> = [];
    const done = { created: 0, approved: 0, rejected: 0, redeemed: 0 };
    for (let step = 0; step < 60; step += 1) {
      const choice = random.below(4);
      if (choice === 0 || pending.length === 0) {
        const fleet = random.pick(fleets());
        pending.push(
          await steps.create(fleet, random.pick(fleet.vehicles), random.pick([ids.unity, ids.greenline] as string[]), 5 + random.below(30)),
        );
        done.created += 1;
      } else if (choice === 1) {
        approved.push(await steps.approve(pending.splice(random.below(pending.length), 1)[0] as Open & { token: string }));
        done.approved += 1;
      } else if (choice === 2) {
        await steps.reject(pending.splice(random.below(pending.length), 1)[0] as Open & { token: string });
        done.rejected += 1;
      } else if (approved.length > 0) {
        const open = approved.splice(random.below(approved.length), 1)[0] as Open;
        await steps.redeem(open, 1 + random.below(open.volume));
        done.redeemed += 1;
      }
    }
    expect(Math.min(done.created, done.approved, done.rejected, done.redeemed)).toBeGreaterThan(2);
    await steps.create(fleets()[1] as { token: string; vehicles: string[] }, ids.betaTruck as string, ids.unity as string, 12);
    // What other writers do with plain SQL counts too: the coupon-expiry job's update, and a
    // correction that moves requests (and their redemptions) into an earlier month: two of each
    // status, so that redeemed fills are among them whatever ids the requests were given.
    const stillApproved = approved.map((open) => open.id);
    await sql`UPDATE fuel_requests SET status = 'EXPIRED', expired_at = now() WHERE id = ${stillApproved[0] ?? null}`.execute(t.db);
    await sql`UPDATE fuel_requests SET created_at = created_at - interval '40 days', redeemed_at = redeemed_at - interval '40 days'
      WHERE id IN (SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY status ORDER BY id) AS nth FROM fuel_requests) AS each_status
                   WHERE nth <= 2)`.execute(t.db);

    // Redemptions at the busiest station corrected out of COMPLETED, one and then the rest, and
    // back: the reach keeps what other redemptions still support, then empties, then fills again,
    // and the drivers' months follow.
    const busiest = await t.db
      .selectFrom('fuel_requests')
      .select(['station_id', sql<string[]>`array_agg(id ORDER BY id)`.as('ids')])
      .where('status', '=', 'COMPLETED')
      .groupBy('station_id')
      .orderBy(sql`count(*)`, 'desc')
      .executeTakeFirstOrThrow();
    const [first, ...rest] = busiest.ids;
    expect(rest.length).toBeGreaterThan(0);
    const uncomplete = (ids: string[]) =>
      t.db.updateTable('fuel_requests').set({ status: 'EXPIRED', expired_at: new Date() }).where('id', 'in', ids).execute();
    await uncomplete([first as string]);
    const oneCorrected = await keptAndRebuilt(t.db);
    expect(oneCorrected.kept).toEqual(oneCorrected.rebuilt);
    expect(oneCorrected.kept.reach.filter((row) => row.station_id === busiest.station_id)).not.toEqual([]);
    await uncomplete(rest);
    const allCorrected = await keptAndRebuilt(t.db);
    expect(allCorrected.kept).toEqual(allCorrected.rebuilt);
    expect(allCorrected.kept.reach.filter((row) => row.station_id === busiest.station_id)).toEqual([]);
    await t.db.updateTable('fuel_requests').set({ status: 'COMPLETED', expired_at: null }).where('id', 'in', busiest.ids).execute();

    const { kept, rebuilt } = await keptAndRebuilt(t.db);
    expect(new Set(kept.totals.filter((row) => row.subject === 'FUEL' && row.scope === 'PLATFORM').map((row) => row.status))).toEqual(
      new Set(['PENDING', 'APPROVED', 'REJECTED', 'COMPLETED', 'EXPIRED']),
    );
    expect(new Set(kept.totals.map((row) => row.month)).size).toBeGreaterThan(1);
    expect(new Set(kept.driverMonths.map((row) => row.month)).size).toBeGreaterThan(1);
    expect(new Set(kept.reach.map((row) => row.kind))).toEqual(new Set(['VEHICLE', 'REQUESTER', 'ORGANIZATION']));
    expect(kept).toEqual(rebuilt);

    // And the overview read from the rollups shows what the requests themselves add up to.
    const overview = (await t.call('GET', '/api/analytics/overview', { token: tokens['orgadmin@acme.test'], query: { months: 3 } })).json();
    const live = await t.db
      .selectFrom('fuel_requests')
      .select([
        sql<string>`coalesce(sum(volume) FILTER (WHERE status <> 'REJECTED'), 0)`.as('requested'),
        sql<string>`coalesce(sum(volume) FILTER (WHERE status = 'PENDING'), 0)`.as('pending'),
        sql<string>`coalesce(sum(dispensed_volume) FILTER (WHERE status = 'COMPLETED'), 0)`.as('completed'),
      ])
      .where('organization_id', '=', ids.acme as string)
      .executeTakeFirstOrThrow();
    expect(overview.fuelSummary).toMatchObject({
      totalRequested: Number(live.requested),
      totalPending: Number(live.pending),
      totalCompleted: Number(live.completed),
    });

    // Fuel by driver (the drivers' months) and a station's registry (its reach), scope by scope,
    // against the redemptions themselves.
    const firstMonth = monthsEnding(lagosDate(clock.now()), 3)[0]?.month as string;
    const scopes: Array<[string, RawBuilder<SqlBool>]> = [
      ['admin@fleetfuel.test', sql<SqlBool>`true`],
      ['orgadmin@acme.test', sql<SqlBool>`r.organization_id = ${ids.acme}`],
      ['orgadmin@beta.test', sql<SqlBool>`r.organization_id = ${ids.beta}`],
      ['attendant@unityfuels.test', sql<SqlBool>`r.station_id = ${ids.unity}`],
      ['rep@greenline.test', sql<SqlBool>`r.station_id = ${ids.greenline}`],
    ];
    const leading = new Map<string, Array<{ driver_id: string | null }>>();
    for (const [who, inScope] of scopes) {
      const seen = (await t.call('GET', '/api/analytics/overview', { token: tokens[who], query: { months: 3 } })).json();
      const byDriver = await t.db
        .selectFrom('fuel_requests as r')
        .leftJoin('users as u', 'u.id', 'r.driver_id')
        .select(['r.driver_id', 'u.name', sql<string>`sum(r.dispensed_volume)`.as('volume')])
        .where('r.status', '=', 'COMPLETED')
        .where(sql`analytics_month(r.redeemed_at)`, '>=', firstMonth)
        .where(inScope)
        .groupBy(['r.driver_id', 'u.name'])
        .orderBy('volume', 'desc')
        .orderBy('r.driver_id')
        .limit(10)
        .execute();
      expect(byDriver.length, who).toBeGreaterThan(0);
      leading.set(who, byDriver);
      expect(seen.consumption.completedByDriver, who).toEqual(
        byDriver.map((row) => ({
          driverId: row.driver_id,
          name: row.driver_id === null ? 'No driver' : row.name,
          volume: Number(row.volume),
        })),
      );
    }
    // The platform's ten leading drivers include fills without a driver, so that case is checked above.
    expect(leading.get('admin@fleetfuel.test')?.some((row) => row.driver_id === null)).toBe(true);
    // Those fills without a driver sit on several of the reserved ids (0031), not on one row every such fill shares.
    const { rows: noDriverIds } = await sql<{ ids: string }>`
      SELECT count(DISTINCT driver_id) AS ids FROM analytics_driver_months WHERE driver_id < ${NO_DRIVER_IDS_BELOW}::uuid`.execute(t.db);
    expect(Number(noDriverIds[0]?.ids)).toBeGreaterThan(1);
    for (const [who, stationId] of [
      ['attendant@unityfuels.test', ids.unity as string],
      ['rep@greenline.test', ids.greenline as string],
    ] as const) {
      const seen = (await t.call('GET', '/api/analytics/overview', { token: tokens[who], query: { months: 3 } })).json();
      const served = await t.db
        .selectFrom('fuel_requests as r')
        .innerJoin('users as u', 'u.id', 'r.requested_by')
        .select([
          sql<string>`count(DISTINCT r.vehicle_id)`.as('vehicles'),
          sql<string>`count(DISTINCT r.requested_by) FILTER (WHERE u.role = 'DRIVER' AND u.status = 'ACTIVE')`.as('drivers'),
          sql<string>`count(DISTINCT r.organization_id)`.as('organizations'),
        ])
        .where('r.station_id', '=', stationId)
        .where('r.status', '=', 'COMPLETED')
        .executeTakeFirstOrThrow();
      expect(seen.counts, who).toMatchObject({
        vehicles: Number(served.vehicles),
        drivers: Number(served.drivers),
        organizations: Number(served.organizations),
      });
      expect(Number(served.vehicles), who).toBeGreaterThan(0);
    }
  });

  describe.runIf(inject('dbEngine') === 'postgres')('on PostgreSQL, under concurrency', () => {
    it('two instances approving, rejecting and redeeming at once lose no update and deadlock nowhere', async () => {
      const [first, second] = apps.map(lifecycle) as [ReturnType<typeof lifecycle>, ReturnType<typeof lifecycle>];
      const acme = fleets()[0] as { token: string; vehicles: string[] };
      // One organization, one station, one month: every change lands on the same few rollup rows.
      const created = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          (i % 2 ? first : second).create(acme, acme.vehicles[i % 2] as string, ids.unity as string, 10),
        ),
      );
      const approvedNow = await Promise.all(created.slice(0, 16).map((open, i) => (i % 2 ? second : first).approve(open)));
      await Promise.all([
        ...created.slice(16).map((open, i) => (i % 2 ? first : second).reject(open)),
        ...approvedNow.slice(0, 12).map((open, i) => (i % 2 ? second : first).redeem(open, 7)),
      ]);
      const { kept, rebuilt } = await keptAndRebuilt(t.db);
      expect(kept).toEqual(rebuilt);
    });

    it('a writer that waits for another’s rollup rows adds to what the other committed', async () => {
      const [first, second] = apps.map((app) => app.db) as [Database, Database];
      // Two requests of one organization, month and shard: both write the same rollup rows.
      const { rows } = await sql<{ id: string }>`
        SELECT id FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, 1024)) g WHERE analytics_shard(id::text) = 0 LIMIT 2`.execute(
        first,
      );
      // One in sixteen ids falls into a shard: of 64 candidates, fewer than two did so about one run in
      // twelve, and the second request then took a random id (and shard) and never waited.
      expect(rows).toHaveLength(2);
      const requester = (await first.selectFrom('users').select('id').where('email', '=', 'orgadmin@acme.test').executeTakeFirstOrThrow())
        .id;
      const insert = (db: Database, id: string) =>
        db
          .insertInto('fuel_requests')
          .values({
            id,
            organization_id: ids.acme as string,
            vehicle_id: ids.truck as string,
            station_id: ids.unity as string,
            requested_by: requester,
            fuel_type: 'DIESEL',
            volume: 10,
            supply_date: lagosDate(clock.now()),
          })
          .execute();
      const waiting = async () =>
        Number(
          (
            await sql<{ n: string }>`SELECT count(*) AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(first)
          ).rows[0]?.n,
        );
      let secondWriter: Promise<unknown> = Promise.resolve();
      let secondSettled = false;
      let blocked = false;
      await first.transaction().execute(async (trx) => {
        await insert(trx, rows[0]?.id as string);
        secondWriter = second
          .transaction()
          .execute((other) => insert(other, rows[1]?.id as string))
          .finally(() => {
            secondSettled = true;
          });
        // Commit only once the second writer is blocked on the rows this one holds (or, if it
        // ended without waiting, at once: awaiting it below then says why, rather than a timeout).
        await vi.waitFor(
          async () => {
            blocked = (await waiting()) > 0;
            expect(blocked || secondSettled, 'the second writer neither waits for the rows nor has ended').toBe(true);
          },
          { timeout: 15_000, interval: 20 },
        );
      });
      await secondWriter;
      expect(blocked, 'the second writer waited for the rollup rows the first held').toBe(true);
      const { kept, rebuilt } = await keptAndRebuilt(t.db);
      expect(kept).toEqual(rebuilt);
    });
  });
});
