/**
 * The last two parts of the analytics overview that read history (issue 16), kept instead by
 * triggers as migration 0011's rollups are (docs/decisions/008):
 *
 * - `analytics_driver_months`: litres redeemed per driver (the vehicle's driver at the time of the
 *   request, 0015; a fill without one under the nil id) and Lagos month of redemption, for each
 *   organization and each station. "Fuel by driver" sums the months shown for the scope's drivers
 *   instead of every redemption of the period; the platform reads the organizations' rows (a
 *   driver belongs to one organization, so nothing counts twice).
 * - `analytics_station_reach`: which vehicles, requesters and organizations a station has served
 *   (one completed redemption is enough). A station's overview counts them instead of probing
 *   every vehicle and user of the platform for a redemption there.
 *
 * Write path: only a change into or out of COMPLETED (a redemption, in practice) fires the
 * trigger. A driver's month row is an atomic increment (`ON CONFLICT DO UPDATE`), and a driver
 * redeems one coupon at a time, so the row is not hot. Reach rows are a set written with
 * `ON CONFLICT DO NOTHING`, which takes no lock on a row that exists: every redemption of an
 * organization at a station shares the organization's reach row without waiting on it. A request
 * leaving COMPLETED (a correction, a deletion) removes a reach row only when no other completed
 * redemption still supports it, which one probe of the station's index answers.
 */
import { sql, type Kysely } from 'kysely';

/** "No driver": the fills of vehicles without one, so that the key needs no NULL (as 0011's platform id). */
const NO_DRIVER = '00000000-0000-0000-0000-000000000000';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE analytics_driver_months (
      scope text NOT NULL CHECK (scope IN ('ORGANIZATION', 'STATION')),
      scope_id uuid NOT NULL,
      month text NOT NULL CHECK (month ~ '^[0-9]{4}-[0-9]{2}$'),
      driver_id uuid NOT NULL,
      redemptions bigint NOT NULL DEFAULT 0,
      dispensed_volume numeric(16, 2) NOT NULL DEFAULT 0,
      -- The sums ride in the key's index, so that a scope's months are read from the index alone.
      PRIMARY KEY (scope, scope_id, month, driver_id) INCLUDE (redemptions, dispensed_volume)
    )`.execute(db);
  // The platform's months: every organization's rows of the months shown, read from the index alone.
  await sql`CREATE INDEX analytics_driver_months_platform ON analytics_driver_months (month)
    INCLUDE (driver_id, redemptions, dispensed_volume) WHERE scope = 'ORGANIZATION'`.execute(db);

  await sql`
    CREATE TABLE analytics_station_reach (
      station_id uuid NOT NULL,
      kind text NOT NULL CHECK (kind IN ('VEHICLE', 'REQUESTER', 'ORGANIZATION')),
      subject_id uuid NOT NULL,
      PRIMARY KEY (station_id, kind, subject_id)
    )`.execute(db);
  // What a removal probes: is there another completed redemption at the station for this subject?
  await sql`CREATE INDEX fuel_requests_station_completed ON fuel_requests (station_id, vehicle_id)
    INCLUDE (requested_by, organization_id) WHERE status = 'COMPLETED'`.execute(db);

  // One redemption counted (+1) or taken back (-1) in its driver's month, for its organization and station.
  await sql`
    CREATE FUNCTION analytics_driver_month_add(r fuel_requests, sign int) RETURNS void LANGUAGE sql AS $$
      INSERT INTO analytics_driver_months AS t (scope, scope_id, month, driver_id, redemptions, dispensed_volume)
      SELECT s.scope, s.scope_id, analytics_month(r.redeemed_at), coalesce(r.driver_id, '${sql.raw(NO_DRIVER)}'::uuid),
        sign, sign * coalesce(r.dispensed_volume, 0)
      FROM (VALUES ('ORGANIZATION', r.organization_id), ('STATION', r.station_id)) AS s(scope, scope_id)
      WHERE s.scope_id IS NOT NULL
      ORDER BY s.scope
      ON CONFLICT (scope, scope_id, month, driver_id) DO UPDATE SET
        redemptions = t.redemptions + excluded.redemptions,
        dispensed_volume = t.dispensed_volume + excluded.dispensed_volume
    $$`.execute(db);

  await sql`
    CREATE FUNCTION analytics_station_reach_add(r fuel_requests) RETURNS void LANGUAGE sql AS $$
      INSERT INTO analytics_station_reach (station_id, kind, subject_id)
      SELECT r.station_id, s.kind, s.subject_id
      FROM (VALUES ('ORGANIZATION', r.organization_id), ('REQUESTER', r.requested_by), ('VEHICLE', r.vehicle_id)) AS s(kind, subject_id)
      WHERE r.station_id IS NOT NULL
      ORDER BY s.kind
      ON CONFLICT DO NOTHING
    $$`.execute(db);
  // After a redemption left COMPLETED: drop what no other completed redemption at the station supports.
  await sql`
    CREATE FUNCTION analytics_station_reach_remove(r fuel_requests) RETURNS void LANGUAGE sql AS $$
      DELETE FROM analytics_station_reach reach
      WHERE reach.station_id = r.station_id
        AND ((reach.kind = 'ORGANIZATION' AND reach.subject_id = r.organization_id AND NOT EXISTS (
              SELECT 1 FROM fuel_requests f WHERE f.station_id = r.station_id AND f.status = 'COMPLETED'
                AND f.organization_id = r.organization_id AND f.id <> r.id))
          OR (reach.kind = 'REQUESTER' AND reach.subject_id = r.requested_by AND NOT EXISTS (
              SELECT 1 FROM fuel_requests f WHERE f.station_id = r.station_id AND f.status = 'COMPLETED'
                AND f.requested_by = r.requested_by AND f.id <> r.id))
          OR (reach.kind = 'VEHICLE' AND reach.subject_id = r.vehicle_id AND NOT EXISTS (
              SELECT 1 FROM fuel_requests f WHERE f.station_id = r.station_id AND f.status = 'COMPLETED'
                AND f.vehicle_id = r.vehicle_id AND f.id <> r.id)))
    $$`.execute(db);

  await sql`
    CREATE FUNCTION fuel_requests_redemption_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND OLD.status = 'COMPLETED' AND NEW.status = 'COMPLETED'
        AND OLD.organization_id = NEW.organization_id AND OLD.station_id IS NOT DISTINCT FROM NEW.station_id
        AND OLD.vehicle_id = NEW.vehicle_id AND OLD.requested_by = NEW.requested_by
        AND OLD.driver_id IS NOT DISTINCT FROM NEW.driver_id AND OLD.dispensed_volume IS NOT DISTINCT FROM NEW.dispensed_volume
        AND analytics_month(OLD.redeemed_at) = analytics_month(NEW.redeemed_at) THEN
        RETURN NULL; -- nothing either rollup counts has changed
      END IF;
      IF TG_OP <> 'INSERT' AND OLD.status = 'COMPLETED' THEN
        PERFORM analytics_driver_month_add(OLD, -1);
        PERFORM analytics_station_reach_remove(OLD);
      END IF;
      IF TG_OP <> 'DELETE' AND NEW.status = 'COMPLETED' THEN
        PERFORM analytics_driver_month_add(NEW, 1);
        PERFORM analytics_station_reach_add(NEW);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  // Three triggers so that the WHEN clauses keep every other change (requests raised, approved,
  // rejected, expired) from calling the function at all.
  await sql`CREATE TRIGGER fuel_requests_redemption_rollup_insert AFTER INSERT ON fuel_requests
    FOR EACH ROW WHEN (NEW.status = 'COMPLETED') EXECUTE FUNCTION fuel_requests_redemption_rollup()`.execute(db);
  await sql`CREATE TRIGGER fuel_requests_redemption_rollup_update AFTER UPDATE ON fuel_requests
    FOR EACH ROW WHEN (OLD.status = 'COMPLETED' OR NEW.status = 'COMPLETED') EXECUTE FUNCTION fuel_requests_redemption_rollup()`.execute(
    db,
  );
  await sql`CREATE TRIGGER fuel_requests_redemption_rollup_delete AFTER DELETE ON fuel_requests
    FOR EACH ROW WHEN (OLD.status = 'COMPLETED') EXECUTE FUNCTION fuel_requests_redemption_rollup()`.execute(db);

  // From scratch, set-based, for the backfill and for bulk loaders that write with triggers disabled.
  await sql`
    CREATE FUNCTION analytics_redemptions_rebuild() RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM analytics_driver_months;
      INSERT INTO analytics_driver_months (scope, scope_id, month, driver_id, redemptions, dispensed_volume)
      SELECT s.scope, s.scope_id, analytics_month(r.redeemed_at), coalesce(r.driver_id, '${sql.raw(NO_DRIVER)}'::uuid),
        count(*), coalesce(sum(r.dispensed_volume), 0)
      FROM fuel_requests r
      CROSS JOIN LATERAL (VALUES ('ORGANIZATION', r.organization_id), ('STATION', r.station_id)) AS s(scope, scope_id)
      WHERE r.status = 'COMPLETED' AND s.scope_id IS NOT NULL
      GROUP BY 1, 2, 3, 4;
      DELETE FROM analytics_station_reach;
      INSERT INTO analytics_station_reach (station_id, kind, subject_id)
      SELECT DISTINCT r.station_id, s.kind, s.subject_id
      FROM fuel_requests r
      CROSS JOIN LATERAL (VALUES ('ORGANIZATION', r.organization_id), ('REQUESTER', r.requested_by), ('VEHICLE', r.vehicle_id)) AS s(kind, subject_id)
      WHERE r.status = 'COMPLETED' AND r.station_id IS NOT NULL;
    END $$`.execute(db);
  await sql`SELECT analytics_redemptions_rebuild()`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
