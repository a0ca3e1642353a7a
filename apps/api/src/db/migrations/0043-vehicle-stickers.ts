/**
 * Windscreen stickers (issue 42): an organization may require that the attendant scans the signed
 * sticker of the vehicle at the pump before a fuel coupon redeems, so that one vehicle's coupon
 * cannot fill another. The sticker itself is a signed payload, not a row: nothing else to store.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A constant default: PostgreSQL adds the column without rewriting the table, and every
  // organization redeems as before until it turns the rule on in Settings.
  await sql`ALTER TABLE organizations ADD COLUMN require_vehicle_scan boolean NOT NULL DEFAULT false`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
