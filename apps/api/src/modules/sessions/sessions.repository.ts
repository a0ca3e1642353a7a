import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

export type SessionEndReason = 'LOGOUT' | 'PASSWORD_RESET' | 'PASSWORD_CHANGE' | 'DISABLED' | 'REVOKED' | 'ERASED';

export async function insertSession(
  db: Database,
  values: { userId: string; tokenHash: string; ttlHours: number; userAgent: string | null; ipAddress: string },
): Promise<string> {
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: values.userId,
      token_hash: values.tokenHash,
      expires_at: sql<Date>`now() + make_interval(hours => ${values.ttlHours})`,
      user_agent: values.userAgent,
      ip_address: values.ipAddress,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A session that has not ended or expired, with its user, whose account is active. */
export function findLiveSessionByTokenHash(db: Database, tokenHash: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id as sessionId',
      's.last_used_at as lastUsedAt',
      'u.id as userId',
      'u.role',
      'u.organization_id as organizationId',
      'u.fuel_station_id as fuelStationId',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.ended_at', 'is', null)
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('u.status', '=', 'ACTIVE')
    .executeTakeFirst();
}

export async function touchSession(db: Database, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .execute();
}

export async function endSession(db: Database, sessionId: string, reason: SessionEndReason): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: sql<Date>`now()`, end_reason: reason })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

export async function endSessionsOfUser(db: Database, userId: string, reason: SessionEndReason, exceptSessionId?: string): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ ended_at: sql<Date>`now()`, end_reason: reason })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function liveSessionsOf(db: Database, userId: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_used_at', 'expires_at', 'user_agent', 'ip_address'])
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('last_used_at', 'desc')
    .execute();
}

/** Ends one session of a user; false when it is not that user's live session. */
export async function endSessionOf(db: Database, userId: string, sessionId: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ ended_at: sql<Date>`now()`, end_reason: 'REVOKED' })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
