/**
 * The state a fuel station is in (issue 44), one of the contract's Nigerian states, so that an
 * ALLOWED_STATES fuel policy judges where fuel is bought. Existing stations have none until an
 * admin sets it: such a policy then says the station's state is not recorded.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE fuel_stations ADD COLUMN state text`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
