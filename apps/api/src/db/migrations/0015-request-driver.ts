/**
 * The driver of a fuel request's vehicle when it was requested (issue 12: "Fuel by Driver" credited
 * whoever raised the request, so an assistant admin topped the chart). Kept on the request because
 * a vehicle's driver changes: the chart must not move past fills to the vehicle's next driver.
 * Existing requests take the driver of the assignment open at their creation, if there was one.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE fuel_requests ADD COLUMN driver_id uuid REFERENCES users (id)`.execute(db);
  // The backfill changes no figure the rollups keep (0011): their trigger would only add zeros.
  await sql`ALTER TABLE fuel_requests DISABLE TRIGGER fuel_requests_rollup`.execute(db);
  await sql`UPDATE fuel_requests r SET driver_id = a.driver_id FROM vehicle_assignments a
    WHERE a.vehicle_id = r.vehicle_id AND a.assigned_at <= r.created_at
      AND (a.unassigned_at IS NULL OR a.unassigned_at > r.created_at)`.execute(db);
  await sql`ALTER TABLE fuel_requests ENABLE TRIGGER fuel_requests_rollup`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
