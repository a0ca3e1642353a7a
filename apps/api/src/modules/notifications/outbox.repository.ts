/**
 * The outbox of e-mails and texts: written by other modules inside their own transaction, claimed
 * and marked by the sender (`notifications.dispatcher.ts`), purged after MESSAGE_RETENTION_DAYS, and read
 * and sent again by the platform admin.
 */
import { sql, type InsertQueryBuilder, type InsertResult } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import { containsPattern, pageOffset } from '../../platform/db/search.js';
import { wantsKind, type NotificationKind } from './notifications.repository.js';

/** Whom a message is for: people by id and, when given, the active admins (of `roles`) of an organization. */
export interface MessageAudience {
  userIds: readonly string[];
  adminsOf?: { organizationId: string; roles: readonly string[] };
}

/**
 * A message as the caller gives it: a template of the catalog and its parameters, worded in each
 * recipient's language when it is sent; the outbox adds who it goes to.
 */
export interface OutgoingMessage {
  organizationId: string | null;
  template: string;
  params: object;
  /** When it may first be sent: the clock's now. */
  at: Date;
  /**
   * When given, the message is written already leased to the writer until then (its first attempt
   * is due at the lease's end, not at `at`), and returned as a claim would return it: the writer
   * sends it after its commit without claiming it, and if the writer stops first, any instance's
   * scheduled run sends it once the lease runs out.
   */
  leasedUntil?: Date;
}

/** The template and its parameters as a selected row's columns (the body is null: the template words it). */
function templated(message: OutgoingMessage) {
  return [
    sql<string>`${message.template}::text`.as('template'),
    sql<string>`${JSON.stringify(message.params)}::jsonb`.as('params'),
  ] as const;
}

/**
 * Writes an e-mail to each of the audience who wants this kind of e-mail (active, with an e-mail,
 * each once) into the outbox, in one statement; inside the caller's transaction.
 */
export async function enqueueMail(
  db: Database,
  audience: MessageAudience,
  kind: NotificationKind,
  message: OutgoingMessage,
): Promise<LeasedMessage[]> {
  const { userIds, adminsOf } = audience;
  if (userIds.length === 0 && !adminsOf) return [];
  const recipients = db
    .selectFrom('users as u')
    .leftJoin('notification_preferences as p', 'p.user_id', 'u.id')
    .select([
      sql<string | null>`${message.organizationId}::uuid`.as('organization_id'),
      sql<'EMAIL'>`'EMAIL'`.as('channel'),
      'u.id as user_id',
      sql<string>`u.email`.as('recipient'),
      'u.name as recipient_name',
      ...templated(message),
      sql<Date>`${firstAttempt(message)}::timestamptz`.as('next_attempt_at'),
    ])
    .where((eb) =>
      eb.or([
        ...(userIds.length > 0 ? [eb('u.id', 'in', userIds)] : []),
        ...(adminsOf ? [eb.and([eb('u.organization_id', '=', adminsOf.organizationId), eb('u.role', 'in', adminsOf.roles)])] : []),
      ]),
    )
    .where('u.status', '=', 'ACTIVE')
    .where('u.email', 'is not', null)
    .where(wantsKind(kind), '=', true);
  const insert = db
    .insertInto('outgoing_messages')
    .columns(['organization_id', 'channel', 'user_id', 'recipient', 'recipient_name', 'template', 'params', 'next_attempt_at'])
    .expression(recipients);
  return written(insert, message);
}

function firstAttempt(message: OutgoingMessage): Date {
  return message.leasedUntil ?? message.at;
}

/** Runs a message insert; returns the rows it wrote when they are leased to the writer, else none. */
async function written(
  insert: InsertQueryBuilder<DB, 'outgoing_messages', InsertResult>,
  message: OutgoingMessage,
): Promise<LeasedMessage[]> {
  if (!message.leasedUntil) {
    await insert.execute();
    return [];
  }
  // What a sender needs of a message, as a claim returns it, and when its lease ends.
  return insert
    .returning([
      sql<string>`id::text`.as('id'),
      'channel',
      'recipient',
      'recipient_name',
      'subject',
      'body',
      'template',
      'params',
      // Read as the message is written: in the recipient's language as it stands now.
      sql<string | null>`(SELECT u.language FROM users u WHERE u.id = outgoing_messages.user_id)`.as('language'),
      sql<boolean | null>`(SELECT o.ascii_texts FROM organizations o WHERE o.id = outgoing_messages.organization_id)`.as('ascii_texts'),
      'attempts',
      'next_attempt_at as leased_until',
    ])
    .execute();
}

/**
 * Writes a text to a user into the outbox when the user is active and has a phone number, in one
 * statement; inside the caller's transaction. Whether the number is a Nigerian mobile is judged
 * when it is sent (nigerianMobile), where the rule lives.
 */
export function enqueueText(db: Database, userId: string, message: OutgoingMessage): Promise<LeasedMessage[]> {
  const insert = db
    .insertInto('outgoing_messages')
    .columns(['organization_id', 'channel', 'user_id', 'recipient', 'recipient_name', 'template', 'params', 'next_attempt_at'])
    .expression(
      db
        .selectFrom('users as u')
        .select([
          sql<string | null>`${message.organizationId}::uuid`.as('organization_id'),
          sql<'SMS'>`'SMS'`.as('channel'),
          'u.id as user_id',
          sql<string>`u.phone`.as('recipient'),
          'u.name as recipient_name',
          ...templated(message),
          sql<Date>`${firstAttempt(message)}::timestamptz`.as('next_attempt_at'),
        ])
        .where('u.id', '=', userId)
        .where('u.status', '=', 'ACTIVE')
        .where('u.phone', 'is not', null)
        .where('u.phone', '!=', ''),
    );
  return written(insert, message);
}

/**
 * Writes a text to each active admin (of `roles`) of an organization who has a phone number and
 * wants this kind of message (the e-mail choices hold for texts too), in one statement; inside
 * the caller's transaction.
 */
export function enqueueAdminTexts(
  db: Database,
  adminsOf: NonNullable<MessageAudience['adminsOf']>,
  kind: NotificationKind,
  message: OutgoingMessage,
): Promise<LeasedMessage[]> {
  const insert = db
    .insertInto('outgoing_messages')
    .columns(['organization_id', 'channel', 'user_id', 'recipient', 'recipient_name', 'template', 'params', 'next_attempt_at'])
    .expression(
      db
        .selectFrom('users as u')
        .leftJoin('notification_preferences as p', 'p.user_id', 'u.id')
        .select([
          sql<string | null>`${message.organizationId}::uuid`.as('organization_id'),
          sql<'SMS'>`'SMS'`.as('channel'),
          'u.id as user_id',
          sql<string>`u.phone`.as('recipient'),
          'u.name as recipient_name',
          ...templated(message),
          sql<Date>`${firstAttempt(message)}::timestamptz`.as('next_attempt_at'),
        ])
        .where('u.organization_id', '=', adminsOf.organizationId)
        .where('u.role', 'in', adminsOf.roles)
        .where('u.status', '=', 'ACTIVE')
        .where('u.phone', 'is not', null)
        .where('u.phone', '!=', '')
        .where(wantsKind(kind), '=', true),
    );
  return written(insert, message);
}

/** What a message says: worded when written (rows before templates), or a template and its parameters. */
export interface MessageContent {
  channel: 'EMAIL' | 'SMS';
  subject: string | null;
  body: string | null;
  template: string | null;
  params: Record<string, unknown> | null;
  /** The recipient's language now, and whether the organization's texts are ASCII only (null: no organization). */
  language: string | null;
  ascii_texts: boolean | null;
}

export interface ClaimedMessage extends MessageContent {
  id: string;
  recipient: string;
  recipient_name: string | null;
  attempts: number;
}

/** A message written leased to its writer (`OutgoingMessage.leasedUntil`), and when the lease ends. */
export interface LeasedMessage extends ClaimedMessage {
  leased_until: Date;
}

/**
 * Claims up to `limit` due messages for one sender: leases them by moving their next attempt to
 * `leaseUntil` in the same statement, so another instance's claim skips them (locked now, not due
 * after) and a sender that dies mid-send only delays them to the lease's end.
 */
export async function claimDueMessages(db: Database, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMessage[]> {
  const { rows } = await sql<ClaimedMessage>`
    UPDATE outgoing_messages m SET next_attempt_at = ${leaseUntil}
    FROM (
      SELECT c.id FROM outgoing_messages c
      WHERE c.status = 'PENDING' AND c.next_attempt_at <= ${now}
      ORDER BY c.next_attempt_at, c.id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ) due
    WHERE m.id = due.id
    RETURNING m.id::text AS id, m.channel, m.recipient, m.recipient_name, m.subject, m.body, m.template, m.params, m.attempts,
      (SELECT u.language FROM users u WHERE u.id = m.user_id) AS language,
      (SELECT o.ascii_texts FROM organizations o WHERE o.id = m.organization_id) AS ascii_texts`.execute(db);
  return rows;
}

/** Marks messages sent, in one statement. */
export async function markSent(db: Database, ids: readonly string[], sentAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('outgoing_messages')
    .set((eb) => ({ status: 'SENT', attempts: eb('attempts', '+', 1), sent_at: sentAt, last_error: null }))
    .where('id', 'in', ids)
    .where('status', '=', 'PENDING')
    .execute();
}

/** Records a failed send: tried again at `retryAt`, or FAILED for good when `retryAt` is null. */
export async function markNotSent(db: Database, id: string, error: string, retryAt: Date | null): Promise<void> {
  await db
    .updateTable('outgoing_messages')
    .set((eb) => ({
      status: retryAt ? 'PENDING' : 'FAILED',
      attempts: eb('attempts', '+', 1),
      last_error: error.slice(0, 500),
      ...(retryAt ? { next_attempt_at: retryAt } : {}),
    }))
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .execute();
}

/**
 * Deletes up to `limit` messages that are done with and older than `before`, oldest first; returns
 * how many. A SENT message counts from when it was sent, a FAILED one (failed for good) from when it
 * was written.
 */
export async function purgeFinished(db: Database, status: 'SENT' | 'FAILED', before: Date, limit: number): Promise<number> {
  const since = status === 'SENT' ? 'sent_at' : 'created_at';
  const result = await db
    .deleteFrom('outgoing_messages')
    .where(
      'id',
      'in',
      db.selectFrom('outgoing_messages').select('id').where('status', '=', status).where(since, '<', before).orderBy(since).limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The outbox as the platform admin reads it: a message with its organization's name. */
function messageViews(db: Database) {
  return db
    .selectFrom('outgoing_messages as m')
    .leftJoin('organizations as o', 'o.id', 'm.organization_id')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select([
      sql<string>`m.id::text`.as('id'),
      'm.channel',
      'm.status',
      'm.recipient',
      'm.recipient_name',
      'm.organization_id',
      'o.name as organization_name',
      'm.subject',
      'm.body',
      'm.template',
      'm.params',
      'u.language',
      'o.ascii_texts',
      'm.attempts',
      'm.last_error',
      'm.created_at',
      'm.next_attempt_at',
      'm.sent_at',
    ]);
}

export type MessageRow = Awaited<ReturnType<ReturnType<typeof messageViews>['executeTakeFirstOrThrow']>>;

/**
 * A page of the outbox, newest first (by id: the rows are numbered as they are written), and how
 * many match. Sent and failed rows are purged after MESSAGE_RETENTION_DAYS (30 by default).
 */
export async function listMessages(
  db: Database,
  filters: { status?: 'PENDING' | 'SENT' | 'FAILED'; channel?: 'EMAIL' | 'SMS'; search?: string; page: number; pageSize: number },
) {
  let query = messageViews(db);
  if (filters.status) query = query.where('m.status', '=', filters.status);
  if (filters.channel) query = query.where('m.channel', '=', filters.channel);
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    query = query.where((eb) =>
      eb.or([
        eb('m.recipient', 'ilike', pattern),
        eb('m.recipient_name', 'ilike', pattern),
        eb('m.subject', 'ilike', pattern),
        // A templated message's plate, station, code or amount.
        eb(sql<string>`m.params::text`, 'ilike', pattern),
        eb('o.name', 'ilike', pattern),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query.orderBy('m.id', 'desc').limit(filters.pageSize).offset(pageOffset(filters.page, filters.pageSize)).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findMessage(db: Database, id: string) {
  return messageViews(db).where('m.id', '=', id).executeTakeFirst();
}

/** Makes a FAILED message due now, with a fresh count of tries; false when it is not FAILED. */
export async function retryFailedMessage(db: Database, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('outgoing_messages')
    .set({ status: 'PENDING', attempts: 0, next_attempt_at: now })
    .where('id', '=', id)
    .where('status', '=', 'FAILED')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
