/**
 * Freezing a vehicle or a driver (issue 44): while `frozen_at` is set, nothing is requested,
 * approved or redeemed for them, and the refusal says why (`frozen_reason`).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['vehicles', 'users']) {
    await sql`ALTER TABLE ${sql.table(table)}
      ADD COLUMN frozen_at timestamptz,
      ADD COLUMN frozen_reason text,
      ADD COLUMN frozen_by uuid REFERENCES users (id),
      ADD CONSTRAINT ${sql.ref(`${table}_frozen_has_reason`)} CHECK ((frozen_at IS NULL) = (frozen_reason IS NULL))`.execute(db);
  }
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
