/**
 * USSD sessions (issue 46): Africa's Talking calls back once per key press with the whole input so
 * far, so where a driver is in the menu is kept here between callbacks, by the gateway's session id
 * and the phone number. A row names its driver only once the pump PIN was right; it expires after
 * USSD_SESSION_TIMEOUT_SECONDS without a callback and is purged by the hourly job.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE ussd_sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      gateway_session_id text NOT NULL,
      phone text NOT NULL,
      user_id uuid REFERENCES users (id) ON DELETE CASCADE,
      step text NOT NULL,
      state jsonb NOT NULL DEFAULT '{}'::jsonb,
      inputs_read integer NOT NULL DEFAULT 0 CHECK (inputs_read >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      CONSTRAINT ussd_sessions_gateway_key UNIQUE (gateway_session_id, phone)
    )`.execute(db);
  // For the purge of expired sessions.
  await sql`CREATE INDEX ussd_sessions_expires ON ussd_sessions (expires_at)`.execute(db);
  await sql`CREATE INDEX ussd_sessions_user ON ussd_sessions (user_id) WHERE user_id IS NOT NULL`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
