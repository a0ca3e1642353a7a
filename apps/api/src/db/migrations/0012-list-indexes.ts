/**
 * Indexes that keep list pages cheap at 20,000 vehicles and a million requests (issue 16).
 *
 * - Each list pages its ids on an index that matches its filter and its order
 *   (`created_at DESC, id`), so OFFSET skips index entries, not joined rows. The older
 *   `(…, created_at DESC)` indexes are dropped: the new ones serve every query they served.
 * - The request indexes carry the columns of the list's summary (status and the summed amounts),
 *   so the counts and sums per status are an index-only aggregate over the request table alone.
 * - Free-text search reads trigram (pg_trgm, loaded by 0001 on both engines) indexes on the
 *   columns searched that had none: a requester's name, a coupon code, a job's description.
 * - A wallet's transactions filtered by reference find their journal entries by an index.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX fuel_requests_organization`.execute(db);
  await sql`CREATE INDEX fuel_requests_organization_page ON fuel_requests (organization_id, created_at DESC, id)
    INCLUDE (status, volume, dispensed_volume)`.execute(db);
  await sql`CREATE INDEX fuel_requests_page ON fuel_requests (created_at DESC, id) INCLUDE (status, volume, dispensed_volume)`.execute(db);
  await sql`CREATE INDEX fuel_requests_coupon_trgm ON fuel_requests USING gin (coupon_code gin_trgm_ops)`.execute(db);

  await sql`DROP INDEX maintenance_requests_organization`.execute(db);
  await sql`CREATE INDEX maintenance_requests_organization_page ON maintenance_requests (organization_id, created_at DESC, id)
    INCLUDE (status, cost_kobo, amount_kobo)`.execute(db);
  await sql`CREATE INDEX maintenance_requests_page ON maintenance_requests (created_at DESC, id)
    INCLUDE (status, cost_kobo, amount_kobo)`.execute(db);
  await sql`CREATE INDEX maintenance_requests_description_trgm ON maintenance_requests USING gin (description gin_trgm_ops)`.execute(db);

  await sql`DROP INDEX vehicles_organization_created`.execute(db);
  await sql`CREATE INDEX vehicles_organization_page ON vehicles (organization_id, created_at DESC, id)`.execute(db);
  await sql`CREATE INDEX vehicles_page ON vehicles (created_at DESC, id)`.execute(db);

  await sql`DROP INDEX users_organization`.execute(db);
  await sql`DROP INDEX users_created`.execute(db);
  await sql`CREATE INDEX users_organization_role_page ON users (organization_id, role, created_at DESC, id)`.execute(db);
  await sql`CREATE INDEX users_organization_page ON users (organization_id, created_at DESC, id)`.execute(db);
  await sql`CREATE INDEX users_page ON users (created_at DESC, id)`.execute(db);
  await sql`CREATE INDEX users_name_trgm ON users USING gin (name gin_trgm_ops)`.execute(db);

  await sql`CREATE INDEX journal_entries_reference ON journal_entries (reference) WHERE reference IS NOT NULL`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
