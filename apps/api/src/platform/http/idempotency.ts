/**
 * `Idempotency-Key` on money-moving calls: the first request with a key runs and its reply is
 * kept; a retry with the same key and the same request gets that reply again without a second
 * effect; the same key with a different request is refused. Keys belong to the caller. Server
 * errors are not kept, so that a request that failed on our side can be retried.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db/database.js';
import { AppError } from '../errors.js';

export type IdempotencyStart = { kind: 'new' } | { kind: 'replay'; statusCode: number; body: unknown };

export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

/**
 * A key still "in progress" this long after its request began belongs to a process that died
 * before answering (no request runs this long). A retry then runs the request again: each
 * idempotent route is itself keyed where money moves (ledger entries by this key, a coupon redeems
 * once, a payout resumes its first transfer), so a first run that did commit is not repeated.
 */
const ABANDONED_AFTER_MS = 2 * 60_000;

export function createIdempotencyStore(db: Database) {
  async function takeOverAbandoned(userId: string, key: string): Promise<boolean> {
    const taken = await db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date() })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('status_code', 'is', null)
      .where('created_at', '<', new Date(Date.now() - ABANDONED_AFTER_MS))
      .returning('key')
      .executeTakeFirst();
    return Boolean(taken);
  }

  return {
    async begin(userId: string, key: string, route: string, fingerprint: string): Promise<IdempotencyStart> {
      if (key.length > 200) throw new AppError('BAD_REQUEST', 'The Idempotency-Key header must be at most 200 characters');
      if (key.includes('\u0000')) throw new AppError('BAD_REQUEST', 'The Idempotency-Key header must not contain a NUL character');
      const inserted = await db
        .insertInto('idempotency_keys')
        .values({ user_id: userId, key, route, request_hash: fingerprint })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
        .returning('key')
        .executeTakeFirst();
      if (inserted) return { kind: 'new' };
      const existing = await db
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'status_code', 'response'])
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      if (existing.request_hash !== fingerprint) {
        throw new AppError('IDEMPOTENCY_CONFLICT', 'This Idempotency-Key was already used for a different request');
      }
      if (existing.status_code === null) {
        if (await takeOverAbandoned(userId, key)) return { kind: 'new' };
        throw new AppError('IN_PROGRESS', 'A request with this Idempotency-Key is still being processed. Try again shortly.');
      }
      return { kind: 'replay', statusCode: existing.status_code, body: existing.response };
    },

    async finish(userId: string, key: string, statusCode: number, body: unknown): Promise<void> {
      await db
        .updateTable('idempotency_keys')
        .set({ status_code: statusCode, response: JSON.stringify(body) })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
    },

    async abandon(userId: string, key: string): Promise<void> {
      await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).execute();
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
