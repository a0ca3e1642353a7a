/**
 * A station's redemptions by time (issue 13: "Today's Redemptions" shows fuel coupons and
 * maintenance jobs alike): one index per kind, so a day of one station reads only that day's rows.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX fuel_requests_station_redeemed ON fuel_requests (station_id, redeemed_at DESC) WHERE status = 'COMPLETED'`.execute(
    db,
  );
  await sql`CREATE INDEX maintenance_requests_station_completed ON maintenance_requests (station_id, completed_at DESC)
    WHERE status = 'COMPLETED' AND station_id IS NOT NULL`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
