/**
 * Anomaly flags on fuel requests (issue 12): computed when a request is made and again when it is
 * redeemed, and stored with it, so that lists show them without recomputing anything. The inputs come from indexes
 * that exist: a vehicle's previous fills from fuel_requests_vehicle_redeemed (0013), its recent
 * requests from fuel_requests_vehicle (0006), a station's prices from fuel_prices_current (0002).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A constant default: PostgreSQL adds the column without rewriting the table. Existing requests
  // were never checked, so they carry no flags rather than ones computed against today's history.
  await sql`ALTER TABLE fuel_requests ADD COLUMN flags jsonb NOT NULL DEFAULT '[]'`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
