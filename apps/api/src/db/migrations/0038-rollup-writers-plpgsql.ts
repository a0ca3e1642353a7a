/**
 * The rollup triggers' writers, planned once per connection instead of at every call (issue 16).
 *
 * `analytics_add` (0028), `analytics_driver_month_add` (0031), `analytics_station_reach_add` and
 * `analytics_station_reach_remove` (0029) were SQL-language functions returning void. PostgreSQL
 * inlines a SQL function only where it is a plain SELECT in a query; these write, so each call
 * from a trigger went through the SQL-function executor, which parses, analyses and plans its body
 * every time and caches nothing across calls. A redemption calls them four times (its request's
 * row and the platform's fee posting into the monthly totals, its driver's month, its station's
 * reach): `perf` of PostgreSQL under the redemption load put a fifth of its CPU under that
 * executor, the parser and the planner beneath it (bench/RESULTS.md, run of 2026-11-27 23:06).
 * PL/pgSQL prepares each statement once per connection and keeps the plan: the same writes took
 * half the time.
 *
 * Each body is kept as it is, statement for statement: it is read from the catalogue and wrapped
 * in BEGIN … END, so the SQL stays where the migrations that wrote it put it. Their parameters
 * (`facts`, `r`, `sign`) name no column that their statements read, so PL/pgSQL resolves every
 * name as the SQL function did.
 */
import { sql, type Kysely } from 'kysely';

const WRITERS = ['analytics_add', 'analytics_driver_month_add', 'analytics_station_reach_add', 'analytics_station_reach_remove'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ signature: string; body: string }>`
    SELECT format('%I(%s)', p.proname, pg_get_function_arguments(p.oid)) AS signature, p.prosrc AS body
    FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
    WHERE p.pronamespace = current_schema()::regnamespace AND p.proname IN (${sql.join(WRITERS)})
      AND l.lanname = 'sql' AND p.prorettype = 'void'::regtype`.execute(db);
  if (rows.length !== WRITERS.length) {
    throw new Error(`Expected the ${WRITERS.length} rollup writers as SQL functions, found ${rows.length}`);
  }
  for (const { signature, body } of rows) {
    const plpgsql = `BEGIN\n${body.trim().replace(/;$/, '')};\nEND`;
    await sql`CREATE OR REPLACE FUNCTION ${sql.raw(signature)} RETURNS void LANGUAGE plpgsql AS ${sql.lit(plpgsql)}`.execute(db);
  }
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
