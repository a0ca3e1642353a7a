/**
 * A station's open coupons, the soonest-expiring first (issue 13: a station's device keeps the list
 * to check coupons with no network): the station's APPROVED rows only, already in the list's order.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX fuel_requests_station_open ON fuel_requests (station_id, coupon_expires_at, id) WHERE status = 'APPROVED'`.execute(
    db,
  );
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
