import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import type { ThrottleState } from './throttle.js';

export async function recordSignInAttempt(db: Database, username: string, ipAddress: string, succeeded: boolean) {
  await db.insertInto('sign_in_attempts').values({ username, ip_address: ipAddress, succeeded }).execute();
}

/**
 * Locks the throttle counters of `keys` for the transaction, creating missing ones empty, and
 * returns them by key. Keys are taken in sorted order so that two attempts never wait on each other.
 */
export async function lockThrottles(db: Database, keys: readonly string[], now: Date): Promise<Map<string, ThrottleState>> {
  const sorted = [...new Set(keys)].sort();
  await db
    .insertInto('throttles')
    .values(sorted.map((key) => ({ key, hits: 0, first_hit_at: now, last_hit_at: now })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const rows = await db
    .selectFrom('throttles')
    .select(['key', 'hits', 'first_hit_at', 'last_hit_at', 'blocked_until'])
    .where('key', 'in', sorted)
    .orderBy('key')
    .forUpdate()
    .execute();
  return new Map(
    rows.map((row) => [
      row.key,
      { hits: row.hits, firstHitAt: row.first_hit_at, lastHitAt: row.last_hit_at, blockedUntil: row.blocked_until },
    ]),
  );
}

export async function saveThrottle(db: Database, key: string, state: ThrottleState) {
  await db
    .updateTable('throttles')
    .set({ hits: state.hits, first_hit_at: state.firstHitAt, last_hit_at: state.lastHitAt, blocked_until: state.blockedUntil })
    .where('key', '=', key)
    .execute();
}

export async function deleteThrottle(db: Database, key: string) {
  await db.deleteFrom('throttles').where('key', '=', key).execute();
}

/** Deletes counters untouched since `before` whose delay, if any, ended before it too. */
export async function pruneThrottles(db: Database, before: Date) {
  await db
    .deleteFrom('throttles')
    .where('last_hit_at', '<', before)
    .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', before)]))
    .execute();
}

export interface ResetTokenInsert {
  userId: string;
  tokenHash: string;
  expiresAt: Date;
}

/** Password-reset tokens (a reset's one, or the invitations of an import): one statement for all `rows`. */
export async function insertResetTokens(db: Database, rows: readonly ResetTokenInsert[]) {
  if (rows.length === 0) return;
  await db
    .insertInto('password_reset_tokens')
    .values(rows.map((row) => ({ user_id: row.userId, token_hash: row.tokenHash, expires_at: row.expiresAt })))
    .execute();
}

/**
 * Marks an unused token that has not expired at `now` used, and returns its user; a token can be
 * consumed only once. Expiry goes by the app's clock, the one that set it.
 */
export async function consumeResetToken(db: Database, tokenHash: string, now: Date): Promise<string | null> {
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function retireResetTokensOfUser(db: Database, userId: string) {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** How a person's messages are worded: in their language, and folded to ASCII when their organization chose ASCII texts. */
export async function recipientWording(db: Database, userId: string): Promise<{ language: string | null; asciiTexts: boolean }> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('organizations as o', 'o.id', 'u.organization_id')
    .select(['u.language', 'o.ascii_texts'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return { language: row?.language ?? null, asciiTexts: row?.ascii_texts === true };
}
