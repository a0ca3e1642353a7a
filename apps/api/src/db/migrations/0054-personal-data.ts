/**
 * Personal data under the NDPA 2023 (issue 45). `users.erased_at` marks an account whose person was
 * erased on request: the row stays, under a placeholder name and address, because the ledger,
 * requests and audit point at its id. A session ended by the erasure says so. The indexes let a
 * person's export read their own rows (requests they drove, messages to them, what they did in the
 * audit trail) without scanning the tables, and let the retention purge find what is old by age.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN erased_at timestamptz,
    ADD CONSTRAINT users_erased_inactive CHECK (erased_at IS NULL OR status = 'INACTIVE')`.execute(db);
  await sql`ALTER TABLE sessions DROP CONSTRAINT sessions_end_reason_check`.execute(db);
  await sql`ALTER TABLE sessions ADD CONSTRAINT sessions_end_reason_check
    CHECK (end_reason IN ('LOGOUT', 'PASSWORD_RESET', 'PASSWORD_CHANGE', 'DISABLED', 'REVOKED', 'ERASED'))`.execute(db);

  await sql`CREATE INDEX fuel_requests_driver ON fuel_requests (driver_id, created_at DESC) WHERE driver_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX outgoing_messages_recipient ON outgoing_messages (recipient, id DESC)`.execute(db);
  await sql`CREATE INDEX outgoing_messages_user ON outgoing_messages (user_id, id DESC) WHERE user_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX outgoing_messages_failed ON outgoing_messages (created_at) WHERE status = 'FAILED'`.execute(db);
  await sql`CREATE INDEX audit_log_actor ON audit_log (actor_user_id, occurred_at DESC, id DESC)
    WHERE actor_user_id IS NOT NULL`.execute(db);
  // When a session stopped being usable: ended, or else expired (least() skips a null ended_at).
  await sql`CREATE INDEX sessions_finished ON sessions ((least(ended_at, expires_at)))`.execute(db);
  await sql`CREATE INDEX sign_in_attempts_attempted ON sign_in_attempts (attempted_at)`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
