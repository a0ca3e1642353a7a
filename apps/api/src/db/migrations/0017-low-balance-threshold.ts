/**
 * The wallet balance below which an organization wants the alerts centre to warn it (issue 12),
 * in kobo like every amount. ₦50,000 until the organization chooses another. And an index for
 * the platform admin's "subscriptions falling due", and one for the pending requests that carry
 * anomaly flags (0016), so that the bell reads neither every organization nor request history.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE organizations ADD COLUMN low_balance_threshold_kobo bigint NOT NULL DEFAULT 5000000
    CHECK (low_balance_threshold_kobo >= 0)`.execute(db);
  await sql`CREATE INDEX organizations_next_billing ON organizations (next_billing) WHERE next_billing IS NOT NULL`.execute(db);
  await sql`CREATE INDEX fuel_requests_pending_flagged ON fuel_requests (organization_id, created_at)
    WHERE status = 'PENDING' AND flags <> '[]'::jsonb`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
