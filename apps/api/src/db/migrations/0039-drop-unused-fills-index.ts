/**
 * Every redemption writes an entry in each index of `fuel_requests` whose condition its row meets,
 * and those entries are most of what a redemption costs PostgreSQL and nearly all the write-ahead
 * log it writes (issue 16; bench/RESULTS.md, "The write-ahead log a redemption writes").
 *
 * `fuel_requests_fills` (0011: completed fills with a reading) is used by no statement: PostgreSQL
 * reads a partial index only for a query whose conditions imply the index's, and no query of the
 * app or of its SQL functions puts a condition on a fuel request's `odometer`. What it was made
 * for, a vehicle's fills in time order, is read on `fuel_requests_vehicle_redeemed` (0013, rebuilt
 * in 0020 carrying the reading and the id): the flags' history, efficiency's fill before a period,
 * the reports' last fills. On the bench's data (`npm run bench:data`, then a redemption load) PostgreSQL
 * had scanned it 0 times, and that one 3,260 times. It held 69 MB at 1,000,000 requests.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX fuel_requests_fills`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
