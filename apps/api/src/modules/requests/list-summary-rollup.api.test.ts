/**
 * The fuel and maintenance lists' first screen (no filter but the caller's scope) sums the scope's
 * monthly rollups instead of its request rows (issue 16): the same numbers as the scan of those
 * rows, for every scope that has rollups, and the request table is not read for them.
 */
import type { KyselyPlugin, QueryId } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { seedDemoActivity } from '../../db/seed-activity.js';
import { lagosDate } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { creditOrganization, demoIds, requestIds, signInAll, STATION_ACCOUNTS } from '../../../test/demo-world.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { fuelRequestSummary } from './fuel-requests.repository.js';
import { maintenanceSummary } from './maintenance.repository.js';
import { STATION_VISIBLE_STATUSES } from './scope.js';

let t: TestApp;
let tokens: Record<string, string>;
let ids: Awaited<ReturnType<typeof requestIds>> & { acme: string; beta: string };

beforeAll(async () => {
  t = await createTestApp();
  // Six months of requests in every status, so that the rollups span months, statuses and shards.
  await t.db.transaction().execute((trx) => seedDemoActivity(trx));
  tokens = await signInAll(t, STATION_ACCOUNTS);
  const demo = demoIds(t);
  ids = {
    ...(await requestIds(t)),
    acme: await demo.organization('Acme Logistics'),
    beta: await demo.organization('Beta Haulage'),
  };
  await creditOrganization(t, 'Acme Logistics', 500_000);
  await creditOrganization(t, 'Beta Haulage', 500_000);
});
afterAll(async () => t.close());

/** A list's summary and its total (`total`), as the reply gives them: counts, litres or naira. */
type ListSummary = Record<string, number>;

/** The two lists whose first screen reads the rollups: where their requests are, and the key of the rows in a list's reply. */
const LISTS = {
  fuel: { base: '/api/fuel-requests', rows: 'requests' },
  maintenance: { base: '/api/maintenance', rows: 'logs' },
} as const;
type List = keyof typeof LISTS;

/** Each viewer of the lists whose scope has rollups: the platform, an organization, a station. */
const VIEWERS = {
  platform: { account: 'admin@fleetfuel.test', betaOnly: false },
  betaForPlatform: { account: 'admin@fleetfuel.test', betaOnly: true },
  acme: { account: 'orgadmin@acme.test', betaOnly: false },
  beta: { account: 'orgadmin@beta.test', betaOnly: false },
  unity: { account: 'rep@unityfuels.test', betaOnly: false },
  greenline: { account: 'rep@greenline.test', betaOnly: false },
};
type Viewer = keyof typeof VIEWERS;

/** Listed dates (supply dates, job dates) spanning every request: a filter that keeps them all, so the list sums the scanned rows. */
const EVERY_DATE = { from: '2000-01-01', to: '2999-12-31' };

async function listSummary(list: List, viewer: Viewer, extra: Record<string, string> = {}): Promise<ListSummary> {
  const { account, betaOnly } = VIEWERS[viewer];
  const query = { ...(betaOnly ? { organizationId: ids.beta } : {}), ...extra };
  const res = await t.call('GET', `${LISTS[list].base}/all-requests`, { token: tokens[account], query });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ summary: ListSummary; meta: { total: number } }>();
  return { ...body.summary, total: body.meta.total };
}

/** Every viewer's first-screen summary of a list, after checking that it equals the summary of the same requests scanned. */
async function firstScreens(list: List): Promise<Record<Viewer, ListSummary>> {
  const summaries = {} as Record<Viewer, ListSummary>;
  for (const viewer of Object.keys(VIEWERS) as Viewer[]) {
    const first = await listSummary(list, viewer);
    expect(first, `${list} ${viewer}`).toEqual(await listSummary(list, viewer, EVERY_DATE));
    for (const value of Object.values(first)) expect(typeof value, `${list} ${viewer}`).toBe('number');
    summaries[viewer] = first;
  }
  return summaries;
}

/** What changed from `before` to `after`, to the hundredth (the volumes' and the naira's precision). */
function change(before: ListSummary, after: ListSummary) {
  return Object.fromEntries(Object.keys(after).map((key) => [key, Math.round(((after[key] ?? 0) - (before[key] ?? 0)) * 100) / 100]));
}

async function create(account: string, vehicleId: string, stationId: string, volume: number): Promise<string> {
  const res = await t.call('POST', '/api/fuel-requests', {
    token: tokens[account],
    body: { vehicleId, stationId, volume, supplyDate: lagosDate(new Date()) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ request: { id: string } }>().request.id;
}

/** Schedules a job for today, at a station or (null) outside FleetFuel. */
async function createJob(account: string, vehicleId: string, stationId: string | null, cost: number): Promise<string> {
  const res = await t.call('POST', '/api/maintenance', {
    token: tokens[account],
    body: { vehicleId, description: 'Brake pads', date: lagosDate(new Date()), cost, ...(stationId ? { stationId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ request: { id: string } }>().request.id;
}

/** Approves a fuel request or a job; its coupon code (or work order code). */
async function approve(list: List, account: string, id: string): Promise<string> {
  const res = await t.call('PATCH', `${LISTS[list].base}/${id}/approve`, { token: tokens[account] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ request: { couponCode: string } }>().request.couponCode;
}

async function reject(list: List, account: string, id: string): Promise<void> {
  const res = await t.call('PATCH', `${LISTS[list].base}/${id}/reject`, { token: tokens[account], body: { note: 'Not today' } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Approves a request to Unity and redeems it there. */
async function redeemAtUnity(account: string, id: string, dispensedVolume: number): Promise<void> {
  const code = await approve('fuel', account, id);
  const res = await t.call('PATCH', `/api/fuel-requests/${id}/complete`, {
    token: tokens['attendant@unityfuels.test'],
    body: { code, dispensedVolume },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Approves a job and completes it for less than its estimate: at Unity by its attendant, or (no station) by the organization's admin. */
async function completeJob(account: string, id: string, atUnity: boolean, finalCost: number): Promise<void> {
  const code = await approve('maintenance', account, id);
  const res = await t.call('PATCH', `/api/maintenance/${id}/complete`, {
    token: tokens[atUnity ? 'attendant@unityfuels.test' : account],
    body: atUnity ? { code, finalCost } : { finalCost },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the fuel list’s first-screen summary', () => {
  it('equals the scan of the same requests for every scope, as requests are made, approved, rejected and redeemed', async () => {
    const before = await firstScreens('fuel');

    // Acme at Unity: one left pending, one approved, one rejected, one redeemed; odd hundredths check the rounding.
    const acme = (volume: number) => create('orgadmin@acme.test', ids.truck, ids.unity, volume);
    await acme(30.05);
    await approve('fuel', 'orgadmin@acme.test', await acme(12.25));
    await reject('fuel', 'orgadmin@acme.test', await acme(7.5));
    await redeemAtUnity('orgadmin@acme.test', await acme(20), 18.35);
    // Beta: one pending at Greenline, one redeemed at Unity.
    await create('orgadmin@beta.test', ids.betaTruck, ids.greenline, 15.15);
    await redeemAtUnity('orgadmin@beta.test', await create('orgadmin@beta.test', ids.betaTruck, ids.unity, 10), 9.99);

    const after = await firstScreens('fuel');
    const unchanged = { totalVolume: 0, pendingVolume: 0, approvedVolume: 0, dispensedVolume: 0, pendingCount: 0, total: 0 };
    const betaChange = { totalVolume: 25.15, pendingVolume: 15.15, approvedVolume: 0, dispensedVolume: 9.99, pendingCount: 1, total: 2 };
    expect(change(before.acme, after.acme)).toEqual({
      totalVolume: 62.3,
      pendingVolume: 30.05,
      approvedVolume: 12.25,
      dispensedVolume: 18.35,
      pendingCount: 1,
      total: 4,
    });
    expect(change(before.beta, after.beta)).toEqual(betaChange);
    expect(change(before.betaForPlatform, after.betaForPlatform)).toEqual(betaChange);
    expect(change(before.platform, after.platform)).toEqual({
      totalVolume: 87.45,
      pendingVolume: 45.2,
      approvedVolume: 12.25,
      dispensedVolume: 28.34,
      pendingCount: 2,
      total: 6,
    });
    // A station sees what was approved for it and what it redeemed, never what is pending or rejected.
    expect(change(before.unity, after.unity)).toEqual({
      ...unchanged,
      totalVolume: 42.25,
      approvedVolume: 12.25,
      dispensedVolume: 28.34,
      total: 3,
    });
    expect(change(before.greenline, after.greenline)).toEqual(unchanged);
  });
});

describe('the maintenance list’s first-screen summary', () => {
  it('equals the scan of the same jobs for every scope, as jobs are scheduled, approved, rejected and completed', async () => {
    const before = await firstScreens('maintenance');
    // The seeded jobs already count: estimates pending and approved, and completed costs.
    expect(before.acme).toMatchObject({ totalCount: 5, pendingCount: 1, approvedCount: 1, completedCount: 2 });
    expect(before.acme).toMatchObject({ pendingCost: 88_000, completedCost: 165_000, total: 5 });

    // Acme: one left pending, one approved at Unity, one rejected, one completed at Unity below its
    // estimate; odd kobo check that the estimates, not the final costs, are what is pending.
    const acme = (cost: number, stationId: string | null = ids.unity) => createJob('orgadmin@acme.test', ids.truck, stationId, cost);
    await acme(12_345.67, null);
    await approve('maintenance', 'orgadmin@acme.test', await acme(20_000.05));
    await reject('maintenance', 'orgadmin@acme.test', await acme(7_500.5));
    await completeJob('orgadmin@acme.test', await acme(19_999.99), true, 18_250.35);
    // Beta: one pending at Greenline, one completed outside FleetFuel (no station).
    await createJob('orgadmin@beta.test', ids.betaTruck, ids.greenline, 15_150.15);
    await completeJob('orgadmin@beta.test', await createJob('orgadmin@beta.test', ids.betaTruck, null, 10_000), false, 9_999.99);

    const after = await firstScreens('maintenance');
    const unchanged = { totalCount: 0, pendingCount: 0, approvedCount: 0, completedCount: 0, pendingCost: 0, completedCost: 0, total: 0 };
    const betaChange = {
      totalCount: 2,
      pendingCount: 1,
      approvedCount: 0,
      completedCount: 1,
      pendingCost: 15_150.15,
      completedCost: 9_999.99,
      total: 2,
    };
    expect(change(before.acme, after.acme)).toEqual({
      totalCount: 4,
      pendingCount: 1,
      approvedCount: 1,
      completedCount: 1,
      pendingCost: 32_345.72,
      completedCost: 18_250.35,
      total: 4,
    });
    expect(change(before.beta, after.beta)).toEqual(betaChange);
    expect(change(before.betaForPlatform, after.betaForPlatform)).toEqual(betaChange);
    expect(change(before.platform, after.platform)).toEqual({
      totalCount: 6,
      pendingCount: 2,
      approvedCount: 1,
      completedCount: 2,
      pendingCost: 47_495.87,
      completedCost: 28_250.34,
      total: 6,
    });
    // A station sees the jobs approved for it (their estimates are its pending cost) and those it completed.
    expect(change(before.unity, after.unity)).toEqual({
      ...unchanged,
      totalCount: 2,
      approvedCount: 1,
      completedCount: 1,
      pendingCost: 20_000.05,
      completedCost: 18_250.35,
      total: 2,
    });
    expect(change(before.greenline, after.greenline)).toEqual(unchanged);
  });
});

/** A handle on `db` that keeps the SQL of every statement executed through it. */
function recordingSql(db: Database) {
  const statements: string[] = [];
  // Subqueries pass through `transformQuery` too, when their builder becomes part of a statement;
  // only executed statements reach `transformResult`.
  const compiled = new Map<QueryId, string>();
  const recording: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      compiled.set(queryId, db.getExecutor().compileQuery(node, queryId).sql);
      return node;
    },
    transformResult: ({ result, queryId }) => {
      statements.push(compiled.get(queryId) ?? '');
      return Promise.resolve(result);
    },
  };
  return { db: db.withPlugin(recording), statements };
}

/** Each list's summary query and the request table it scans when it does not read the rollups. */
const SUMMARIES = [
  { list: 'fuel', summary: fuelRequestSummary, table: '"fuel_requests"' },
  { list: 'maintenance', summary: maintenanceSummary, table: '"maintenance_requests"' },
] as const;

describe.each(SUMMARIES)('statements of the $list list’s summary', ({ list, summary, table }) => {
  it('a first screen reads only the rollups, for the platform, an organization and a station', async () => {
    for (const scope of [
      { organizationId: null },
      { organizationId: ids.acme },
      { organizationId: null, stationId: ids.unity, statuses: STATION_VISIBLE_STATUSES },
    ]) {
      const { db, statements } = recordingSql(t.db);
      await summary(db, scope, {});
      expect(statements, JSON.stringify(scope)).toHaveLength(1);
      expect(statements[0]).toContain('"analytics_monthly_totals"');
      expect(statements[0]).not.toContain(table);
    }
  });

  it('a filtered list and a driver’s list sum the request rows they keep', async () => {
    const acme = { organizationId: ids.acme };
    const driver = { ...acme, requesterOrVehicle: { userId: 'f0000000-0000-4000-8000-000000000000', vehicleId: null } };
    for (const [scope, filters] of [
      [acme, { status: 'PENDING' }],
      [acme, { from: '2000-01-01' }],
      [acme, { requestedBy: 'f0000000-0000-4000-8000-000000000000' }],
      [{ ...acme, stationId: ids.unity }, {}],
      [driver, {}],
    ] as const) {
      const { db, statements } = recordingSql(t.db);
      await summary(db, scope, filters);
      expect(statements, JSON.stringify([scope, filters])).toHaveLength(1);
      expect(statements[0]).toContain(table);
      expect(statements[0]).not.toContain('"analytics_monthly_totals"');
    }
  });

  it('through the API, the first screen reads the request table only for its page', async () => {
    const { db, statements } = recordingSql(t.db);
    const app = await buildApp({ config: t.config, db });
    try {
      await app.ready();
      statements.length = 0;
      const res = await app.inject({
        method: 'GET',
        url: `${LISTS[list].base}/all-requests?pageSize=5`,
        headers: { authorization: `Bearer ${tokens['orgadmin@acme.test']}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()[LISTS[list].rows]).toHaveLength(5);
      expect(statements.filter((s) => s.includes('"analytics_monthly_totals"'))).toHaveLength(1);
      const readingRequests = statements.filter((s) => s.includes(table));
      expect(readingRequests).toHaveLength(1);
      expect(readingRequests[0]).toMatch(/\blimit\b/i);
      expect(readingRequests[0]).not.toMatch(/\b(count|sum)\(/i);
    } finally {
      await app.close();
    }
  });
});
