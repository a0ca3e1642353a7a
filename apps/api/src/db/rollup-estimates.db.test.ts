/**
 * Migration 0028 (the maintenance estimates in the monthly rollups) on a database that already
 * holds jobs: migrated up to 0027 and seeded with the demo data and activity, then migrated to the
 * latest. Its rollups then hold each scope's estimates by status, and everything else they held
 * before, unchanged.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../platform/db/database.js';
import { PLATFORM_SCOPE_ID } from '../platform/db/rollups.js';
import { databaseUrl } from '../../test/database-url.js';
import * as ledgerFunctions from './migrations/0030-ledger-movements.js';
import { migrateToLatest, migrateUpTo } from './migrator.js';
import { seedDemoData } from './seed.js';

/** A new, empty database of the run's engine, and how to be rid of it. */
async function emptyDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (inject('dbEngine') === 'pglite') {
    const handle = await openDatabase({ engine: 'pglite', dataDir: null });
    return { db: handle.db, drop: () => handle.close() };
  }
  const serverUrl = inject('postgresUrl');
  const name = `ff_m_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const handle = await openDatabase({ engine: 'postgres', url: databaseUrl(serverUrl, name), poolSize: 2 });
  return {
    db: handle.db,
    drop: async () => {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** What 0011's rollups hold, summed over shards: every column but the estimate. */
async function rollupsWithoutEstimates(db: Database) {
  const { rows } = await sql<Record<string, string>>`
    SELECT scope, scope_id, subject, month, status, sum(request_count) AS requests, sum(volume) AS volume,
      sum(dispensed_volume) AS dispensed, sum(amount_kobo) AS amount, sum(fee_kobo) AS fee
    FROM analytics_monthly_totals
    GROUP BY scope, scope_id, subject, month, status
    ORDER BY scope, scope_id, subject, month, status`.execute(db);
  return rows;
}

/** Each scope's maintenance estimates by status, as the rollups hold them. */
async function rolledUpEstimates(db: Database) {
  const { rows } = await sql<{ scope: string; scope_id: string; status: string; estimate: string }>`
    SELECT scope, scope_id, status, sum(estimate_kobo)::text AS estimate
    FROM analytics_monthly_totals WHERE subject = 'MAINTENANCE'
    GROUP BY scope, scope_id, status
    ORDER BY scope, scope_id, status`.execute(db);
  return rows;
}

/** Each scope's `sum(cost_kobo)` by status, from the jobs themselves: the platform's, each organization's, each station's. */
async function jobEstimates(db: Database) {
  const { rows } = await sql<{ scope: string; scope_id: string; status: string; estimate: string }>`
    SELECT scope, scope_id, status, estimate FROM (
      SELECT 'PLATFORM' AS scope, ${PLATFORM_SCOPE_ID}::uuid AS scope_id, status, sum(cost_kobo)::text AS estimate
        FROM maintenance_requests GROUP BY status
      UNION ALL
      SELECT 'ORGANIZATION', organization_id, status, sum(cost_kobo)::text FROM maintenance_requests GROUP BY organization_id, status
      UNION ALL
      SELECT 'STATION', station_id, status, sum(cost_kobo)::text FROM maintenance_requests
        WHERE station_id IS NOT NULL GROUP BY station_id, status
    ) AS jobs
    ORDER BY scope, scope_id, status`.execute(db);
  return rows;
}

let db: Database;
let drop: () => Promise<void>;
let before: Awaited<ReturnType<typeof rollupsWithoutEstimates>>;
let applied: string[];

beforeAll(async () => {
  ({ db, drop } = await emptyDatabase());
  await migrateUpTo(db, '0027-list-date-indexes');
  // Today's seed writes money through the ledger's functions of 0030, which migrating to the latest
  // creates again (CREATE OR REPLACE), before 0040 replaces one of them.
  await ledgerFunctions.up(db as Kysely<unknown>);
  // The demo's activity: jobs pending, approved, rejected and completed, at a station and without one
  // (without issue 44's fuel controls, whose tables and columns come after 0027).
  await seedDemoData(db, { ifEmpty: false, activity: true, fuelControls: false });
  before = await rollupsWithoutEstimates(db);
  applied = await migrateToLatest(db);
});
afterAll(async () => drop());

describe('migration 0028 on existing jobs', () => {
  it('gives every scope’s rollups the sum of its jobs’ estimates by status', async () => {
    expect(applied).toContain('0028-rollup-estimates');
    const expected = await jobEstimates(db);
    expect(await rolledUpEstimates(db)).toEqual(expected);
    // The demo's Acme Logistics: a ₦60,000 job pending, ₦28,000 approved, ₦165,000 of two completed, ₦350,000 rejected.
    const acme = await db.selectFrom('organizations').select('id').where('name', '=', 'Acme Logistics').executeTakeFirstOrThrow();
    const acmeEstimates = Object.fromEntries(
      expected.filter((row) => row.scope === 'ORGANIZATION' && row.scope_id === acme.id).map((row) => [row.status, row.estimate]),
    );
    expect(acmeEstimates).toEqual({ APPROVED: '2800000', COMPLETED: '16500000', PENDING: '6000000', REJECTED: '35000000' });
  });

  it('keeps every other figure of the rollups as it was, and no estimate on fuel or revenue', async () => {
    expect(before.length).toBeGreaterThan(50);
    expect(await rollupsWithoutEstimates(db)).toEqual(before);
    const others = await db
      .selectFrom('analytics_monthly_totals')
      .select((eb) => [eb.fn.countAll<string>().as('rows'), sql<string>`coalesce(sum(abs(estimate_kobo)), 0)`.as('estimates')])
      .where('subject', 'in', ['FUEL', 'REVENUE'])
      .executeTakeFirstOrThrow();
    expect(Number(others.rows)).toBeGreaterThan(0);
    expect(Number(others.estimates)).toBe(0);
  });

  it('counts a change of a job’s estimate alone, through the triggers', async () => {
    const pending = await db
      .selectFrom('maintenance_requests')
      .select(['id', 'organization_id'])
      .where('status', '=', 'PENDING')
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirstOrThrow();
    const estimateOf = async () =>
      (await rolledUpEstimates(db)).find(
        (row) => row.scope === 'ORGANIZATION' && row.scope_id === pending.organization_id && row.status === 'PENDING',
      )?.estimate;
    const was = BigInt((await estimateOf()) ?? '0');
    await db
      .updateTable('maintenance_requests')
      .set({ cost_kobo: sql`cost_kobo + 123` })
      .where('id', '=', pending.id)
      .execute();
    expect(await estimateOf()).toBe((was + 123n).toString());
    expect(await rolledUpEstimates(db)).toEqual(await jobEstimates(db));
  });
});
