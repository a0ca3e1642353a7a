/**
 * Driver confirmation at the pump (issue 13): an organization may require that the driver confirms
 * each redemption with a PIN (kept hashed on the driver's account) or a one-time code texted when the
 * attendant starts it (kept hashed on the request, with its expiry). Wrong tries are counted on the
 * request, so that five of them lock that coupon for a while and raise an alert.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Constant defaults and nullable columns: PostgreSQL adds them without rewriting the tables, and
  // every organization redeems as before until it turns the rule on in Settings.
  await sql`ALTER TABLE organizations ADD COLUMN require_driver_confirmation boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN pump_pin_hash text, ADD COLUMN pump_pin_set_at timestamptz`.execute(db);
  await sql`
    ALTER TABLE fuel_requests
      ADD COLUMN confirmation_failures integer NOT NULL DEFAULT 0 CHECK (confirmation_failures >= 0),
      ADD COLUMN confirmation_locked_until timestamptz,
      ADD COLUMN confirmation_code_hash text,
      ADD COLUMN confirmation_code_expires_at timestamptz
  `.execute(db);
  // The alerts centre reads an organization's locked coupons; few rows are ever locked, so the
  // partial index stays tiny.
  await sql`
    CREATE INDEX fuel_requests_confirmation_locked ON fuel_requests (organization_id, confirmation_locked_until)
    WHERE confirmation_locked_until IS NOT NULL
  `.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
