/**
 * The maintenance estimates in the monthly rollups (issue 16), so that the maintenance list's first
 * screen sums its pending cost from them as the fuel list does its volumes: `estimate_kobo` is the
 * sum of the jobs' `cost_kobo`, the estimate a job is approved for (0 for fuel and revenue), which
 * `amount_kobo` does not hold until the job is completed.
 *
 * The rollups' fact type gains the column (`ALTER TYPE … ADD ATTRIBUTE` appends it, and both
 * PostgreSQL and PGlite accept it: the type is used by functions only, never by a table), and the
 * functions that build and add facts are replaced with migration 0011's bodies plus the new
 * column. The triggers and `analytics_rebuild()` call these functions by name and so need no
 * change; the rebuild then gives the existing rows their estimates.
 */
import { sql, type Kysely } from 'kysely';

/**
 * The platform's own rollup rows (0011). Written out rather than imported: a migration keeps doing
 * what it did when it first ran, whatever the application's code becomes.
 */
const PLATFORM_SCOPE_ID = '00000000-0000-0000-0000-000000000000';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE analytics_monthly_totals ADD COLUMN estimate_kobo bigint NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TYPE analytics_fact ADD ATTRIBUTE estimate_kobo bigint`.execute(db);

  // As 0011's, with the estimate summed and counted in the check that an all-zero key writes nothing:
  // a change of a job's estimate alone is now a change to count.
  await sql`
    CREATE OR REPLACE FUNCTION analytics_add(facts analytics_fact[]) RETURNS void LANGUAGE sql AS $$
      INSERT INTO analytics_monthly_totals AS t
        (scope, scope_id, subject, month, status, shard, request_count, volume, dispensed_volume, amount_kobo, fee_kobo, estimate_kobo)
      SELECT s.scope, s.scope_id, f.subject, f.month, f.status, f.shard,
        sum(f.sign), sum(f.sign * f.volume), sum(f.sign * f.dispensed_volume), sum(f.sign * f.amount_kobo), sum(f.sign * f.fee_kobo),
        sum(f.sign * f.estimate_kobo)
      FROM unnest(facts) AS f
      CROSS JOIN LATERAL (VALUES ('PLATFORM', '${sql.raw(PLATFORM_SCOPE_ID)}'::uuid), ('ORGANIZATION', f.organization_id),
        ('STATION', f.station_id)) AS s(scope, scope_id)
      WHERE s.scope_id IS NOT NULL
      GROUP BY s.scope, s.scope_id, f.subject, f.month, f.status, f.shard
      HAVING sum(f.sign) <> 0 OR sum(f.sign * f.volume) <> 0 OR sum(f.sign * f.dispensed_volume) <> 0
        OR sum(f.sign * f.amount_kobo) <> 0 OR sum(f.sign * f.fee_kobo) <> 0 OR sum(f.sign * f.estimate_kobo) <> 0
      ORDER BY s.scope, s.scope_id, f.subject, f.month, f.status, f.shard
      ON CONFLICT (scope, scope_id, subject, month, status, shard) DO UPDATE SET
        request_count = t.request_count + excluded.request_count,
        volume = t.volume + excluded.volume,
        dispensed_volume = t.dispensed_volume + excluded.dispensed_volume,
        amount_kobo = t.amount_kobo + excluded.amount_kobo,
        fee_kobo = t.fee_kobo + excluded.fee_kobo,
        estimate_kobo = t.estimate_kobo + excluded.estimate_kobo
    $$`.execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION analytics_fuel_fact(r fuel_requests, sign int) RETURNS analytics_fact LANGUAGE sql STABLE AS $$
      SELECT ROW(sign, 'FUEL', r.organization_id, r.station_id,
        analytics_month(CASE WHEN r.status = 'COMPLETED' THEN r.redeemed_at ELSE r.created_at END), r.status, analytics_shard(r.id::text),
        r.volume, coalesce(r.dispensed_volume, 0), coalesce(r.amount_kobo, 0), coalesce(r.fee_kobo, 0), 0)::analytics_fact
    $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION analytics_maintenance_fact(r maintenance_requests, sign int) RETURNS analytics_fact LANGUAGE sql STABLE AS $$
      SELECT ROW(sign, 'MAINTENANCE', r.organization_id, r.station_id,
        analytics_month(CASE WHEN r.status = 'COMPLETED' THEN r.completed_at ELSE r.created_at END), r.status, analytics_shard(r.id::text),
        0, 0, coalesce(r.amount_kobo, 0), coalesce(r.fee_kobo, 0), coalesce(r.cost_kobo, 0))::analytics_fact
    $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION analytics_revenue_fact(p postings) RETURNS analytics_fact LANGUAGE sql STABLE AS $$
      SELECT ROW(1, 'REVENUE', NULL, NULL, analytics_month(p.created_at), 'POSTED', analytics_shard(p.id::text),
        0, 0, p.amount_kobo, 0, 0)::analytics_fact
    $$`.execute(db);

  await sql`SELECT analytics_rebuild()`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
