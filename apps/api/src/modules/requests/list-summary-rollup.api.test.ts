/**
 * The fuel request lists' first screen (no filter but the caller's scope) sums the scope's monthly
 * rollups instead of its request rows (issue 16): the same numbers as the scan of those rows, for
 * every scope that has rollups, and the request table is not read for them.
 */
import type { KyselyPlugin, QueryId } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { seedDemoActivity } from '../../db/seed-activity.js';
import { lagosDate } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { creditOrganization, demoIds, signInAll } from '../../../test/demo-world.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { fuelRequestSummary } from './fuel-requests.repository.js';
import { STATION_VISIBLE_STATUSES } from './scope.js';

let t: TestApp;
let tokens: Record<string, string>;
let ids: { acme: string; beta: string; truck: string; betaTruck: string; unity: string; greenline: string };

beforeAll(async () => {
  t = await createTestApp();
  // Six months of requests in every status, so that the rollups span months, statuses and shards.
  await t.db.transaction().execute((trx) => seedDemoActivity(trx));
  tokens = await signInAll(t, [
    'admin@fleetfuel.test',
    'orgadmin@acme.test',
    'orgadmin@beta.test',
    'rep@unityfuels.test',
    'attendant@unityfuels.test',
    'rep@greenline.test',
  ]);
  const demo = demoIds(t);
  ids = {
    acme: await demo.organization('Acme Logistics'),
    beta: await demo.organization('Beta Haulage'),
    truck: await demo.vehicle('APP-220-XA'),
    betaTruck: await demo.vehicle('KAN-903-BT'),
    unity: await demo.station('Unity Fuels Ikeja'),
    greenline: await demo.station('Greenline Energy Lekki'),
  };
  await creditOrganization(t, 'Acme Logistics', 500_000);
  await creditOrganization(t, 'Beta Haulage', 500_000);
});
afterAll(async () => t.close());

/** A list's summary and its total, as the reply gives them. */
interface ListSummary {
  totalVolume: number;
  pendingVolume: number;
  approvedVolume: number;
  dispensedVolume: number;
  pendingCount: number;
  total: number;
}

/** Each viewer of the fuel request list whose scope has rollups: the platform, an organization, a station. */
const VIEWERS = {
  platform: { account: 'admin@fleetfuel.test', betaOnly: false },
  betaForPlatform: { account: 'admin@fleetfuel.test', betaOnly: true },
  acme: { account: 'orgadmin@acme.test', betaOnly: false },
  beta: { account: 'orgadmin@beta.test', betaOnly: false },
  unity: { account: 'rep@unityfuels.test', betaOnly: false },
  greenline: { account: 'rep@greenline.test', betaOnly: false },
};
type Viewer = keyof typeof VIEWERS;

/** A range of supply dates that holds every request: a filter that keeps them all, so the list sums the scanned rows. */
const EVERY_DATE = { from: '2000-01-01', to: '2999-12-31' };

async function listSummary(viewer: Viewer, extra: Record<string, string> = {}): Promise<ListSummary> {
  const { account, betaOnly } = VIEWERS[viewer];
  const query = { ...(betaOnly ? { organizationId: ids.beta } : {}), ...extra };
  const res = await t.call('GET', '/api/fuel-requests/all-requests', { token: tokens[account], query });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ summary: Omit<ListSummary, 'total'>; meta: { total: number } }>();
  return { ...body.summary, total: body.meta.total };
}

/** Every viewer's first-screen summary, after checking that it equals the summary of the same requests scanned. */
async function firstScreens(): Promise<Record<Viewer, ListSummary>> {
  const summaries = {} as Record<Viewer, ListSummary>;
  for (const viewer of Object.keys(VIEWERS) as Viewer[]) {
    const first = await listSummary(viewer);
    expect(first, viewer).toEqual(await listSummary(viewer, EVERY_DATE));
    for (const value of Object.values(first)) expect(typeof value, viewer).toBe('number');
    summaries[viewer] = first;
  }
  return summaries;
}

/** What changed from `before` to `after`, to the hundredth (the volumes' precision). */
function change(before: ListSummary, after: ListSummary) {
  const keys = Object.keys(after) as Array<keyof ListSummary>;
  return Object.fromEntries(keys.map((key) => [key, Math.round((after[key] - before[key]) * 100) / 100]));
}

async function create(account: string, vehicleId: string, stationId: string, volume: number): Promise<string> {
  const res = await t.call('POST', '/api/fuel-requests', {
    token: tokens[account],
    body: { vehicleId, stationId, volume, supplyDate: lagosDate(new Date()) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ request: { id: string } }>().request.id;
}

/** Approves a request; its coupon code. */
async function approve(account: string, id: string): Promise<string> {
  const res = await t.call('PATCH', `/api/fuel-requests/${id}/approve`, { token: tokens[account] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ request: { couponCode: string } }>().request.couponCode;
}

async function reject(account: string, id: string): Promise<void> {
  const res = await t.call('PATCH', `/api/fuel-requests/${id}/reject`, { token: tokens[account], body: { note: 'Not today' } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Approves a request to Unity and redeems it there. */
async function redeemAtUnity(account: string, id: string, dispensedVolume: number): Promise<void> {
  const code = await approve(account, id);
  const res = await t.call('PATCH', `/api/fuel-requests/${id}/complete`, {
    token: tokens['attendant@unityfuels.test'],
    body: { code, dispensedVolume },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the fuel list’s first-screen summary', () => {
  it('equals the scan of the same requests for every scope, as requests are made, approved, rejected and redeemed', async () => {
    const before = await firstScreens();

    // Acme at Unity: one left pending, one approved, one rejected, one redeemed; odd hundredths check the rounding.
    const acme = (volume: number) => create('orgadmin@acme.test', ids.truck, ids.unity, volume);
    await acme(30.05);
    await approve('orgadmin@acme.test', await acme(12.25));
    await reject('orgadmin@acme.test', await acme(7.5));
    await redeemAtUnity('orgadmin@acme.test', await acme(20), 18.35);
    // Beta: one pending at Greenline, one redeemed at Unity.
    await create('orgadmin@beta.test', ids.betaTruck, ids.greenline, 15.15);
    await redeemAtUnity('orgadmin@beta.test', await create('orgadmin@beta.test', ids.betaTruck, ids.unity, 10), 9.99);

    const after = await firstScreens();
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

describe('statements of the fuel list’s summary', () => {
  it('a first screen reads only the rollups, for the platform, an organization and a station', async () => {
    for (const scope of [
      { organizationId: null },
      { organizationId: ids.acme },
      { organizationId: null, stationId: ids.unity, statuses: STATION_VISIBLE_STATUSES },
    ]) {
      const { db, statements } = recordingSql(t.db);
      await fuelRequestSummary(db, scope, {});
      expect(statements, JSON.stringify(scope)).toHaveLength(1);
      expect(statements[0]).toContain('"analytics_monthly_totals"');
      expect(statements[0]).not.toContain('"fuel_requests"');
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
      await fuelRequestSummary(db, scope, filters);
      expect(statements, JSON.stringify([scope, filters])).toHaveLength(1);
      expect(statements[0]).toContain('"fuel_requests"');
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
        url: '/api/fuel-requests/all-requests?pageSize=5',
        headers: { authorization: `Bearer ${tokens['orgadmin@acme.test']}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().requests).toHaveLength(5);
      expect(statements.filter((s) => s.includes('"analytics_monthly_totals"'))).toHaveLength(1);
      const readingRequests = statements.filter((s) => s.includes('"fuel_requests"'));
      expect(readingRequests).toHaveLength(1);
      expect(readingRequests[0]).toMatch(/\blimit\b/i);
      expect(readingRequests[0]).not.toMatch(/\b(count|sum)\(/i);
    } finally {
      await app.close();
    }
  });
});
