/**
 * The fills a budget counts (issue 44): an organization's approved and redeemed coupons dated by
 * their redemption or else their approval. Without this index, a budget's use read the whole of the
 * organization's request history at every approval and redemption; with it, only the period's.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX fuel_requests_period_use ON fuel_requests (organization_id, (coalesce(redeemed_at, approved_at)))
    WHERE status IN ('APPROVED', 'COMPLETED')`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
