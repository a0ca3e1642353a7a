/**
 * The day each vehicle falls due for maintenance, kept on the vehicle (issue 16). The due rule
 * (vehicles.service `dueFindings` explains it) was evaluated for every vehicle of the scope at
 * every read: the overview, the clients' counts and the alerts joined 20,000 vehicles to their
 * facts and organization and tested five conditions each (41 ms for the large fleet), a cost
 * that grew with the fleet while the rest of the overview reads rollups.
 *
 * Every part of the rule is either true whatever the day (an open approved job; the kilometres
 * since the last service at or past the interval) or true from a day on (the last service, or the
 * registration in FleetFuel before any, plus the service interval in days; 30 days before the
 * registration's or the latest policy's end). So a vehicle is due on a day exactly when that day
 * is on or after `due_on`: '-infinity' for the parts that hold whatever the day, else the earliest
 * of the days. Counting an organization's due vehicles is a range of an index; `due_order` (the
 * earlier of the two expiries, 'infinity' without either) orders the alerts, soonest problem
 * first, through an index too.
 *
 * A BEFORE trigger computes both from the row, its facts (0011) and its organization's intervals
 * whenever the vehicle is written; a change of its facts row and of its organization's intervals
 * rewrite the vehicles concerned (`SET due_on = due_on` runs that trigger). The facts' refresh now
 * locks the vehicle before its facts row, the order every other writer already takes (a request
 * locks its vehicle, then its insert refreshes the facts), so the two cannot deadlock.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE vehicles ADD COLUMN due_on date, ADD COLUMN due_order date`.execute(db);

  // Lagos days (UTC+1, no daylight saving), as `lagosDate` reads them in the service.
  await sql`
    CREATE FUNCTION vehicle_due_days() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      facts vehicle_service_facts;
      interval_days integer;
      interval_km integer;
    BEGIN
      SELECT * INTO facts FROM vehicle_service_facts WHERE vehicle_id = NEW.id;
      SELECT o.service_interval_days, o.service_interval_km INTO interval_days, interval_km
        FROM organizations o WHERE o.id = NEW.organization_id;
      NEW.due_order := coalesce(least(NEW.registration_expiry, facts.insurance_end), 'infinity'::date);
      NEW.due_on := CASE
        WHEN coalesce(facts.open_jobs, 0) > 0 OR NEW.last_odometer - facts.last_service_odometer >= interval_km
          THEN '-infinity'::date
        ELSE least(
          ((coalesce(facts.last_service_at, NEW.created_at) AT TIME ZONE 'UTC') + interval '1 hour')::date + interval_days,
          NEW.registration_expiry - 30,
          facts.insurance_end - 30)
      END;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER vehicles_due_days BEFORE INSERT OR UPDATE ON vehicles FOR EACH ROW EXECUTE FUNCTION vehicle_due_days()`.execute(
    db,
  );

  // 0011's refresh, restated whole (a function is replaced, not patched) with the vehicle's lock first.
  await sql`
    CREATE OR REPLACE FUNCTION vehicle_service_facts_refresh(vehicle uuid) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM 1 FROM vehicles WHERE id = vehicle FOR NO KEY UPDATE;
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

  // However the facts change (the refresh above, the bulk rebuild, a test setting them), the vehicle follows.
  await sql`
    CREATE FUNCTION vehicle_service_facts_due_days() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE vehicles SET due_on = due_on WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.vehicle_id ELSE NEW.vehicle_id END;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER vehicle_service_facts_due_days AFTER INSERT OR UPDATE OR DELETE ON vehicle_service_facts
    FOR EACH ROW EXECUTE FUNCTION vehicle_service_facts_due_days()`.execute(db);

  await sql`
    CREATE FUNCTION organizations_service_interval_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE vehicles SET due_on = due_on WHERE organization_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER organizations_service_interval AFTER UPDATE OF service_interval_days, service_interval_km ON organizations
    FOR EACH ROW WHEN (OLD.service_interval_days IS DISTINCT FROM NEW.service_interval_days
      OR OLD.service_interval_km IS DISTINCT FROM NEW.service_interval_km)
    EXECUTE FUNCTION organizations_service_interval_changed()`.execute(db);

  await sql`UPDATE vehicles SET due_on = due_on`.execute(db);
  await sql`ALTER TABLE vehicles ALTER COLUMN due_on SET NOT NULL, ALTER COLUMN due_order SET NOT NULL`.execute(db);

  // How many are due (a range of the first), and the first ones in order (the second and third).
  await sql`CREATE INDEX vehicles_due ON vehicles (organization_id, due_on) WHERE status <> 'INACTIVE'`.execute(db);
  await sql`CREATE INDEX vehicles_due_order ON vehicles (organization_id, due_order, created_at, id) WHERE status <> 'INACTIVE'`.execute(
    db,
  );
  await sql`CREATE INDEX vehicles_due_order_all ON vehicles (due_order, created_at, id) WHERE status <> 'INACTIVE'`.execute(db);
}
