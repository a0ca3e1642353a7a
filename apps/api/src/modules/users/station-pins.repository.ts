/**
 * Station PINs (migration 0053): the hash of a station attendant's PIN for taking over a shared
 * station device, and its wrong-PIN count and lock, kept on the user's row.
 */
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

/** A new PIN (or none): the count and any lock start afresh with it. */
export async function setStationPinHash(db: Database, id: string, pinHash: string | null): Promise<void> {
  await db
    .updateTable('users')
    .set({
      station_pin_hash: pinHash,
      station_pin_set_at: pinHash === null ? null : sql<Date>`now()`,
      station_pin_failures: 0,
      station_pin_locked_until: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** The station's active staff who may take over its shared device, by name. */
export function listDeviceAttendants(db: Database, stationId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', sql<boolean>`station_pin_hash IS NOT NULL`.as('has_pin')])
    .where('fuel_station_id', '=', stationId)
    .where('status', '=', 'ACTIVE')
    .where('role', 'in', ['ATTENDANT', 'STATION_REP'])
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/**
 * The attendant's row, locked until the caller's transaction ends: concurrent tries at one
 * attendant's PIN are counted one after the other, so parallel guesses cannot slip past the lock.
 */
export function lockStationPinRow(db: Database, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'role', 'status', 'fuel_station_id', 'station_pin_hash', 'station_pin_failures', 'station_pin_locked_until'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function saveStationPinFailures(db: Database, id: string, failures: number, lockedUntil: Date | null): Promise<void> {
  await db
    .updateTable('users')
    .set({ station_pin_failures: failures, station_pin_locked_until: lockedUntil })
    .where('id', '=', id)
    .execute();
}
