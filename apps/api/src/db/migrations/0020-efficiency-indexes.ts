/**
 * True efficiency (issue 12): `GET /analytics/efficiency` reads every completed fill of a period,
 * of one organization or of all, with its reading, volume and amount. The redemption indexes of
 * 0011 carried the reading and volume but not the amount, so each of the period's fills was fetched
 * from the table (measured at 400,000 requests: an index scan plus 38,668 buffer reads for one
 * organization's 90 days, the planner filtering the platform-wide index by organization). They are
 * rebuilt carrying the amount, so the period is read from the index alone (measured after: an
 * index-only scan, 201 buffers); they also carry the request's driver (0015), which the overview's
 * fuel by driver groups by. The per-vehicle index of 0013 is rebuilt carrying the reading and id. Each new index serves
 * every query the one it replaces served (same keys, same condition, more columns).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX fuel_requests_redeemed`.execute(db);
  await sql`DROP INDEX fuel_requests_redeemed_all`.execute(db);
  await sql`CREATE INDEX fuel_requests_redeemed ON fuel_requests (organization_id, redeemed_at)
    INCLUDE (vehicle_id, requested_by, driver_id, dispensed_volume, odometer, amount_kobo, id) WHERE status = 'COMPLETED'`.execute(db);
  await sql`CREATE INDEX fuel_requests_redeemed_all ON fuel_requests (redeemed_at)
    INCLUDE (vehicle_id, requested_by, driver_id, dispensed_volume, odometer, amount_kobo, id) WHERE status = 'COMPLETED'`.execute(db);
  // Each vehicle's last fill before the period (and the silent assets' last fill): one backward
  // probe a vehicle, index-only once the probe finds the reading and the id (its tie-break) here.
  await sql`DROP INDEX fuel_requests_vehicle_redeemed`.execute(db);
  await sql`CREATE INDEX fuel_requests_vehicle_redeemed ON fuel_requests (vehicle_id, redeemed_at)
    INCLUDE (organization_id, dispensed_volume, amount_kobo, odometer, id) WHERE status = 'COMPLETED'`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
