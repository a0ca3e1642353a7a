/** The USSD sessions (migration 0056): one row per gateway session and phone number, until it ends or expires. */
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

export interface UssdSessionRow {
  id: string;
  userId: string | null;
  step: string;
  state: unknown;
  inputsRead: number;
  expiresAt: Date;
}

export async function findSession(db: Database, gatewaySessionId: string, phone: string): Promise<UssdSessionRow | undefined> {
  const row = await db
    .selectFrom('ussd_sessions')
    .select(['id', 'user_id', 'step', 'state', 'inputs_read', 'expires_at'])
    .where('gateway_session_id', '=', gatewaySessionId)
    .where('phone', '=', phone)
    .executeTakeFirst();
  return (
    row && { id: row.id, userId: row.user_id, step: row.step, state: row.state, inputsRead: row.inputs_read, expiresAt: row.expires_at }
  );
}

/** A new session at its first step; a second callback racing the first finds the same row. */
export async function openSession(
  db: Database,
  values: { gatewaySessionId: string; phone: string; step: string; expiresAt: Date },
): Promise<UssdSessionRow> {
  await db
    .insertInto('ussd_sessions')
    .values({ gateway_session_id: values.gatewaySessionId, phone: values.phone, step: values.step, expires_at: values.expiresAt })
    .onConflict((oc) => oc.columns(['gateway_session_id', 'phone']).doNothing())
    .execute();
  const row = await findSession(db, values.gatewaySessionId, values.phone);
  if (!row) throw new Error('The USSD session just opened cannot be read');
  return row;
}

export async function saveSession(
  db: Database,
  id: string,
  values: { userId: string | null; step: string; state: unknown; inputsRead: number; expiresAt: Date },
): Promise<void> {
  await db
    .updateTable('ussd_sessions')
    .set({
      user_id: values.userId,
      step: values.step,
      state: JSON.stringify(values.state ?? {}),
      inputs_read: values.inputsRead,
      expires_at: values.expiresAt,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function closeSession(db: Database, id: string): Promise<void> {
  await db.deleteFrom('ussd_sessions').where('id', '=', id).execute();
}

/** Deletes sessions expired before `now`; returns how many. */
export async function purgeExpiredSessions(db: Database, now: Date): Promise<number> {
  const result = await db.deleteFrom('ussd_sessions').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
