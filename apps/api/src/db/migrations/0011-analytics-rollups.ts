/**
 * Monthly rollups of fuel requests, maintenance jobs and platform revenue, so that the analytics
 * overview reads a few hundred rollup rows instead of scanning history (issue 16); and each
 * vehicle's facts of the due rule, so that counting due vehicles needs no lookups per vehicle.
 *
 * One row per (scope, scope id, subject, Lagos month, status, shard) holds counts and sums. Each
 * change is counted three times over: for the platform, for its organization and for its station
 * (when it has one), so every scope the overview shows reads only its own rows.
 *
 * The rows are kept by triggers, in the transaction of the change, whatever writes it: the API's
 * services, the seeds, tests and the benchmark generator insert requests with plain SQL, and a
 * rollup that only service calls maintained would silently drift from them (docs/decisions/008).
 * A trigger adds the new row's facts and subtracts the old row's, so a retried or repeated update
 * that changes nothing relevant adds nothing, and a rolled-back change takes its delta with it.
 *
 * Concurrency: every delta is an `INSERT … ON CONFLICT DO UPDATE SET x = x + excluded.x`, an
 * atomic increment under the row lock, so nothing is lost. The lock is held to commit, so the
 * current month's rows of a busy organization (and of the platform) would be hot: each request
 * lands in one of four shards (a hash of its id) so that concurrent writers mostly lock different
 * rows. Within one change the rows are locked in key order, which keeps two changes from
 * deadlocking on each other's rows.
 */
import { sql, type Kysely } from 'kysely';

/** The platform's own rows use this id, so that the key needs no NULL. */
const PLATFORM_SCOPE_ID = '00000000-0000-0000-0000-000000000000';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE analytics_monthly_totals (
      scope text NOT NULL CHECK (scope IN ('PLATFORM', 'ORGANIZATION', 'STATION')),
      scope_id uuid NOT NULL,
      subject text NOT NULL CHECK (subject IN ('FUEL', 'MAINTENANCE', 'REVENUE')),
      month text NOT NULL CHECK (month ~ '^[0-9]{4}-[0-9]{2}$'),
      status text NOT NULL,
      shard smallint NOT NULL CHECK (shard BETWEEN 0 AND 3),
      request_count bigint NOT NULL DEFAULT 0,
      volume numeric(16, 2) NOT NULL DEFAULT 0,
      dispensed_volume numeric(16, 2) NOT NULL DEFAULT 0,
      amount_kobo bigint NOT NULL DEFAULT 0,
      fee_kobo bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (scope, scope_id, subject, month, status, shard)
    )`.execute(db);

  // The Lagos month (UTC+1, no daylight saving) of a moment, as the overview labels its months.
  await sql`
    CREATE FUNCTION analytics_month(at timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
      SELECT to_char((at AT TIME ZONE 'UTC') + interval '1 hour', 'YYYY-MM')
    $$`.execute(db);
  await sql`
    CREATE FUNCTION analytics_shard(key text) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
      SELECT (hashtext(key) & 3)::smallint
    $$`.execute(db);

  // One signed change to count: +1 for a row's new state, -1 for its old one.
  await sql`
    CREATE TYPE analytics_fact AS (sign int, subject text, organization_id uuid, station_id uuid, month text, status text,
      shard smallint, volume numeric, dispensed_volume numeric, amount_kobo bigint, fee_kobo bigint)`.execute(db);

  /*
   * Adds facts to the rollups. Each fact counts for the platform, its organization (when it has
   * one) and its station (when it has one); facts with the same key are summed first, and keys
   * whose sums are all zero (an update that changed nothing counted) write nothing.
   */
  await sql`
    CREATE FUNCTION analytics_add(facts analytics_fact[]) RETURNS void LANGUAGE sql AS $$
      INSERT INTO analytics_monthly_totals AS t
        (scope, scope_id, subject, month, status, shard, request_count, volume, dispensed_volume, amount_kobo, fee_kobo)
      SELECT s.scope, s.scope_id, f.subject, f.month, f.status, f.shard,
        sum(f.sign), sum(f.sign * f.volume), sum(f.sign * f.dispensed_volume), sum(f.sign * f.amount_kobo), sum(f.sign * f.fee_kobo)
      FROM unnest(facts) AS f
      CROSS JOIN LATERAL (VALUES ('PLATFORM', '${sql.raw(PLATFORM_SCOPE_ID)}'::uuid), ('ORGANIZATION', f.organization_id),
        ('STATION', f.station_id)) AS s(scope, scope_id)
      WHERE s.scope_id IS NOT NULL
      GROUP BY s.scope, s.scope_id, f.subject, f.month, f.status, f.shard
      HAVING sum(f.sign) <> 0 OR sum(f.sign * f.volume) <> 0 OR sum(f.sign * f.dispensed_volume) <> 0
        OR sum(f.sign * f.amount_kobo) <> 0 OR sum(f.sign * f.fee_kobo) <> 0
      ORDER BY s.scope, s.scope_id, f.subject, f.month, f.status, f.shard
      ON CONFLICT (scope, scope_id, subject, month, status, shard) DO UPDATE SET
        request_count = t.request_count + excluded.request_count,
        volume = t.volume + excluded.volume,
        dispensed_volume = t.dispensed_volume + excluded.dispensed_volume,
        amount_kobo = t.amount_kobo + excluded.amount_kobo,
        fee_kobo = t.fee_kobo + excluded.fee_kobo
    $$`.execute(db);

  // What a fuel request counts for: completed ones in the month of redemption, others in the month they were made.
  await sql`
    CREATE FUNCTION analytics_fuel_fact(r fuel_requests, sign int) RETURNS analytics_fact LANGUAGE sql STABLE AS $$
      SELECT ROW(sign, 'FUEL', r.organization_id, r.station_id,
        analytics_month(CASE WHEN r.status = 'COMPLETED' THEN r.redeemed_at ELSE r.created_at END), r.status, analytics_shard(r.id::text),
        r.volume, coalesce(r.dispensed_volume, 0), coalesce(r.amount_kobo, 0), coalesce(r.fee_kobo, 0))::analytics_fact
    $$`.execute(db);
  // Maintenance jobs: completed ones in the month of completion; those paid outside FleetFuel have no station row.
  await sql`
    CREATE FUNCTION analytics_maintenance_fact(r maintenance_requests, sign int) RETURNS analytics_fact LANGUAGE sql STABLE AS $$
      SELECT ROW(sign, 'MAINTENANCE', r.organization_id, r.station_id,
        analytics_month(CASE WHEN r.status = 'COMPLETED' THEN r.completed_at ELSE r.created_at END), r.status, analytics_shard(r.id::text),
        0, 0, coalesce(r.amount_kobo, 0), coalesce(r.fee_kobo, 0))::analytics_fact
    $$`.execute(db);
  // Revenue is the platform's alone: no organization or station row.
  await sql`
    CREATE FUNCTION analytics_revenue_fact(p postings) RETURNS analytics_fact LANGUAGE sql STABLE AS $$
      SELECT ROW(1, 'REVENUE', NULL, NULL, analytics_month(p.created_at), 'POSTED', analytics_shard(p.id::text),
        0, 0, p.amount_kobo, 0)::analytics_fact
    $$`.execute(db);

  for (const [table, fact] of [
    ['fuel_requests', 'analytics_fuel_fact'],
    ['maintenance_requests', 'analytics_maintenance_fact'],
  ] as const) {
    await sql`
      CREATE FUNCTION ${sql.id(`${table}_rollup`)}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM analytics_add(ARRAY[${sql.raw(fact)}(NEW, 1)]);
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM analytics_add(ARRAY[${sql.raw(fact)}(OLD, -1)]);
        ELSE
          PERFORM analytics_add(ARRAY[${sql.raw(fact)}(OLD, -1), ${sql.raw(fact)}(NEW, 1)]);
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER ${sql.id(`${table}_rollup`)} AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION ${sql.id(`${table}_rollup`)}()`.execute(db);
  }
  // Postings are immutable (0004): only inserts count, and only those to the platform's revenue account.
  await sql`
    CREATE FUNCTION postings_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = NEW.account_id AND a.kind = 'PLATFORM_REVENUE') THEN
        PERFORM analytics_add(ARRAY[analytics_revenue_fact(NEW)]);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER postings_rollup AFTER INSERT ON postings FOR EACH ROW EXECUTE FUNCTION postings_rollup()`.execute(db);

  /*
   * Recomputes every rollup from the rows themselves: the backfill below, and bulk loaders that
   * write with the triggers disabled (bench/data.ts) call it afterwards. One organization and
   * month of creation at a time, so that memory stays bounded at any size.
   */
  await sql`
    CREATE FUNCTION analytics_rebuild() RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM analytics_monthly_totals;
      PERFORM analytics_add(array_agg(analytics_fuel_fact(r, 1))) FROM fuel_requests r
        GROUP BY r.organization_id, analytics_month(r.created_at);
      PERFORM analytics_add(array_agg(analytics_maintenance_fact(r, 1))) FROM maintenance_requests r
        GROUP BY r.organization_id, analytics_month(r.created_at);
      PERFORM analytics_add(array_agg(analytics_revenue_fact(p))) FROM postings p
        JOIN ledger_accounts a ON a.id = p.account_id WHERE a.kind = 'PLATFORM_REVENUE'
        GROUP BY analytics_month(p.created_at);
    END $$`.execute(db);
  await sql`SELECT analytics_rebuild()`.execute(db);

  /*
   * The facts of the due rule (vehicles.repository isDue) per vehicle, so that counting the due
   * vehicles of an organization or of the platform is one join, not six lookups a vehicle: open
   * (approved) jobs, the last completed service and its odometer, and the latest policy's end.
   * A change recomputes its vehicle's row from that vehicle's own rows, under the row's lock, so
   * concurrent changes to one vehicle apply one after the other and the last sees them all.
   */
  await sql`
    CREATE TABLE vehicle_service_facts (
      vehicle_id uuid PRIMARY KEY REFERENCES vehicles (id) ON DELETE CASCADE,
      open_jobs integer NOT NULL DEFAULT 0,
      last_service_at timestamptz,
      last_service_odometer numeric(12, 1),
      insurance_end date
    )`.execute(db);
  await sql`
    CREATE FUNCTION vehicle_service_facts_refresh(vehicle uuid) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO vehicle_service_facts (vehicle_id) SELECT v.id FROM vehicles v WHERE v.id = vehicle ON CONFLICT DO NOTHING;
      PERFORM 1 FROM vehicle_service_facts WHERE vehicle_id = vehicle FOR UPDATE;
      UPDATE vehicle_service_facts SET
        open_jobs = (SELECT count(*) FROM maintenance_requests m WHERE m.vehicle_id = vehicle AND m.status = 'APPROVED'),
        last_service_at = (SELECT max(m.completed_at) FROM maintenance_requests m WHERE m.vehicle_id = vehicle AND m.status = 'COMPLETED'),
        last_service_odometer = (SELECT m.odometer FROM maintenance_requests m
          WHERE m.vehicle_id = vehicle AND m.status = 'COMPLETED' AND m.odometer IS NOT NULL ORDER BY m.completed_at DESC LIMIT 1),
        -- The latest policy decides; of policies recorded at the same instant, the one ending first.
        insurance_end = (SELECT min(p.coverage_end) FROM insurance_policies p WHERE p.vehicle_id = vehicle
          AND p.created_at = (SELECT max(latest.created_at) FROM insurance_policies latest WHERE latest.vehicle_id = vehicle))
      WHERE vehicle_id = vehicle;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION vehicle_service_facts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'DELETE' THEN
        PERFORM vehicle_service_facts_refresh(NEW.vehicle_id);
      END IF;
      IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.vehicle_id IS DISTINCT FROM NEW.vehicle_id) THEN
        PERFORM vehicle_service_facts_refresh(OLD.vehicle_id);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  for (const [table, columns] of [
    ['maintenance_requests', 'status, completed_at, odometer, vehicle_id'],
    ['insurance_policies', 'coverage_end, created_at, vehicle_id'],
  ] as const) {
    await sql`CREATE TRIGGER ${sql.id(`${table}_service_facts`)} AFTER INSERT OR DELETE OR UPDATE OF ${sql.raw(columns)}
      ON ${sql.table(table)} FOR EACH ROW EXECUTE FUNCTION vehicle_service_facts_changed()`.execute(db);
  }
  // From scratch, set-based: the backfill, and bulk loaders that wrote with the triggers disabled.
  await sql`
    CREATE FUNCTION vehicle_service_facts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM vehicle_service_facts;
      INSERT INTO vehicle_service_facts (vehicle_id, open_jobs, last_service_at, last_service_odometer, insurance_end)
      SELECT v.id, coalesce(jobs.open_jobs, 0), jobs.last_service_at, serviced.odometer, policy.coverage_end
      FROM vehicles v
      LEFT JOIN (
        SELECT m.vehicle_id, count(*) FILTER (WHERE m.status = 'APPROVED') AS open_jobs,
          max(m.completed_at) FILTER (WHERE m.status = 'COMPLETED') AS last_service_at
        FROM maintenance_requests m GROUP BY m.vehicle_id
      ) jobs ON jobs.vehicle_id = v.id
      LEFT JOIN (
        SELECT DISTINCT ON (m.vehicle_id) m.vehicle_id, m.odometer FROM maintenance_requests m
        WHERE m.status = 'COMPLETED' AND m.odometer IS NOT NULL ORDER BY m.vehicle_id, m.completed_at DESC
      ) serviced ON serviced.vehicle_id = v.id
      LEFT JOIN (
        SELECT DISTINCT ON (p.vehicle_id) p.vehicle_id, p.coverage_end FROM insurance_policies p
        ORDER BY p.vehicle_id, p.created_at DESC, p.coverage_end
      ) policy ON policy.vehicle_id = v.id
      WHERE jobs.vehicle_id IS NOT NULL OR policy.vehicle_id IS NOT NULL;
    END $$`.execute(db);
  await sql`SELECT vehicle_service_facts_rebuild()`.execute(db);

  // Efficiency reads a period's fills and each vehicle's reading just before it.
  await sql`CREATE INDEX fuel_requests_fills ON fuel_requests (vehicle_id, redeemed_at, id)
    INCLUDE (odometer, dispensed_volume) WHERE status = 'COMPLETED' AND odometer IS NOT NULL`.execute(db);
  // Fuel by driver and efficiency read the period's redemptions of one organization, or of all:
  // the indexes carry the columns they read, so that the rows themselves need not be fetched.
  await sql`CREATE INDEX fuel_requests_redeemed ON fuel_requests (organization_id, redeemed_at)
    INCLUDE (vehicle_id, requested_by, dispensed_volume, odometer, id) WHERE status = 'COMPLETED'`.execute(db);
  await sql`CREATE INDEX fuel_requests_redeemed_all ON fuel_requests (redeemed_at)
    INCLUDE (vehicle_id, requested_by, dispensed_volume, odometer, id) WHERE status = 'COMPLETED'`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
