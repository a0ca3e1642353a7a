/** Whether a person wants the e-mail that a fuel budget of their organization is 80% or 100% used (issue 44). */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE notification_preferences ADD COLUMN budget_alerts boolean NOT NULL DEFAULT true`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
