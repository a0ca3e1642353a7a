/**
 * The daily digest of an organization's alerts (issue 12) is one more kind of e-mail a user may
 * turn off: on unless chosen otherwise, like the other kinds (0007).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE notification_preferences ADD COLUMN daily_digest boolean NOT NULL DEFAULT true`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
