/**
 * Throttle counters for sign-in and password-reset requests, one row per key (an account, an
 * unknown identifier or a client address, per purpose). They live in the database, not in memory,
 * so that every API instance sees the same counts; a row is locked while it is updated, so
 * concurrent attempts are counted one after the other.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE throttles (
      key text PRIMARY KEY,
      hits integer NOT NULL CHECK (hits >= 0),
      first_hit_at timestamptz NOT NULL,
      last_hit_at timestamptz NOT NULL,
      blocked_until timestamptz
    )`.execute(db);
  // For pruning rows nobody has touched for a long while.
  await sql`CREATE INDEX throttles_last_hit ON throttles (last_hit_at)`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
