/**
 * A shared station device (issue 42): station staff hand one phone between them with a personal
 * station PIN. Only its slow hash is stored; the wrong-PIN count and the lock live on the user's row
 * on the server, so whoever holds the device cannot reset them.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users
    ADD COLUMN station_pin_hash text,
    ADD COLUMN station_pin_set_at timestamptz,
    ADD COLUMN station_pin_failures integer NOT NULL DEFAULT 0 CHECK (station_pin_failures >= 0),
    ADD COLUMN station_pin_locked_until timestamptz`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
