/**
 * Card payments are reconciled with the provider for 48 hours: a checkout never completed in that
 * window becomes EXPIRED instead of staying PENDING forever. The job records when it last asked the
 * provider about a payment, so that several instances share the work instead of repeating it, and
 * the open payments it scans have an index of their own.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The column's CHECK of 0004 was named by PostgreSQL after the table and column.
  await sql`ALTER TABLE card_payments DROP CONSTRAINT card_payments_status_check`.execute(db);
  await sql`ALTER TABLE card_payments
    ADD CONSTRAINT card_payments_status_check CHECK (status IN ('PENDING', 'SUCCESS', 'FAILED', 'EXPIRED')),
    ADD COLUMN checked_at timestamptz`.execute(db);
  await sql`CREATE INDEX card_payments_open ON card_payments (created_at) WHERE status IN ('PENDING', 'FAILED')`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
