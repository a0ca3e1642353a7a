/**
 * A station's opening hours (issue 42, attendant accountability): a redemption outside them is one
 * of the patterns collusion at the pump leaves. Lagos wall-clock times; both null means open around
 * the clock, and a closing time before the opening one means the station closes after midnight.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE fuel_stations
    ADD COLUMN opens_at time,
    ADD COLUMN closes_at time,
    ADD CONSTRAINT fuel_stations_opening_hours CHECK ((opens_at IS NULL) = (closes_at IS NULL) AND (opens_at IS NULL OR opens_at <> closes_at))`.execute(
    db,
  );
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
