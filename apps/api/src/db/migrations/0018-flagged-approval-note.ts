/**
 * A note when approving a flagged request (issue 12): an organization may require the approver to
 * say why a request that carries anomaly flags (0016) is approved all the same, and the approver's
 * note is kept with the request, as the rejection note is (0006), for the requester and the audit trail.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Constant defaults: PostgreSQL adds both columns without rewriting either table, and every
  // organization keeps approving as it did until it turns the rule on in Settings.
  await sql`ALTER TABLE organizations ADD COLUMN require_note_for_flagged_approval boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE fuel_requests ADD COLUMN approval_note text`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
