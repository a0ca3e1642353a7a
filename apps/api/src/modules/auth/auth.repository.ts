import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

export async function recordSignInAttempt(db: Database, username: string, ipAddress: string, succeeded: boolean) {
  await db.insertInto('sign_in_attempts').values({ username, ip_address: ipAddress, succeeded }).execute();
}

/**
 * Failed sign-ins for an account within the window, counting only those after its last success,
 * and failed sign-ins from an address within the window.
 */
export async function countRecentFailures(db: Database, username: string, ipAddress: string, windowMinutes: number) {
  const since = sql<Date>`now() - make_interval(mins => ${windowMinutes})`;
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('sign_in_attempts')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('username', '=', username)
        .where('succeeded', '=', false)
        .where('attempted_at', '>', since)
        .where((e) =>
          e(
            'attempted_at',
            '>',
            e
              .selectFrom('sign_in_attempts')
              .select((s) => sql<Date>`coalesce(max(${s.ref('attempted_at')}), '-infinity'::timestamptz)`.as('last'))
              .where('username', '=', username)
              .where('succeeded', '=', true),
          ),
        )
        .as('account_failures'),
      eb
        .selectFrom('sign_in_attempts')
        .select((e) => e.fn.countAll<string>().as('n'))
        .where('ip_address', '=', ipAddress)
        .where('succeeded', '=', false)
        .where('attempted_at', '>', since)
        .as('address_failures'),
    ])
    .executeTakeFirstOrThrow();
  return { account: Number(row.account_failures ?? 0), address: Number(row.address_failures ?? 0) };
}

export async function insertResetToken(db: Database, userId: string, tokenHash: string, ttlMinutes: number) {
  await db
    .insertInto('password_reset_tokens')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: sql<Date>`now() + make_interval(mins => ${ttlMinutes})` })
    .execute();
}

/** Marks an unused, unexpired token used and returns its user; a token can be consumed only once. */
export async function consumeResetToken(db: Database, tokenHash: string): Promise<string | null> {
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
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
