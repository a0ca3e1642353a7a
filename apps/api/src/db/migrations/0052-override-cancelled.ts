/**
 * Overrides at the pump (issue 44): an attendant whose driver left stops waiting, so a pending
 * override may end CANCELLED. The status check of 0050 is widened; no row changes.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE policy_overrides DROP CONSTRAINT policy_overrides_status_check`.execute(db);
  await sql`ALTER TABLE policy_overrides ADD CONSTRAINT policy_overrides_status_check
    CHECK (status IN ('PENDING', 'APPROVED', 'DECLINED', 'USED', 'EXPIRED', 'CANCELLED'))`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
