/** SQL of the webhooks module: endpoints, the delivery outbox and its attempts. */
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { pageOffset } from '../../platform/db/search.js';

const endpointColumns = ['id', 'organization_id', 'url', 'events', 'created_at'] as const;

export type EndpointRow = NonNullable<Awaited<ReturnType<typeof findEndpoint>>>;

export function insertEndpoint(
  trx: Database,
  endpoint: { organizationId: string; url: string; events: string[]; secretSealed: string; createdBy: string },
) {
  return trx
    .insertInto('webhook_endpoints')
    .values({
      organization_id: endpoint.organizationId,
      url: endpoint.url,
      events: endpoint.events,
      secret_sealed: endpoint.secretSealed,
      created_by: endpoint.createdBy,
    })
    .returning(endpointColumns)
    .executeTakeFirstOrThrow();
}

/** A live endpoint of the organization (another organization's answers as missing). */
export function findEndpoint(db: Database, id: string, organizationId: string) {
  return db
    .selectFrom('webhook_endpoints')
    .select(endpointColumns)
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function countLiveEndpoints(trx: Database, organizationId: string): Promise<number> {
  const row = await trx
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function listEndpoints(db: Database, organizationId: string) {
  return db
    .selectFrom('webhook_endpoints')
    .select(endpointColumns)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** The newest delivery of each endpoint named. */
export function latestDeliveries(db: Database, endpointIds: string[]) {
  if (endpointIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('webhook_deliveries')
    .distinctOn('endpoint_id')
    .select(['endpoint_id', 'event', 'status', 'attempts', 'created_at'])
    .where('endpoint_id', 'in', endpointIds)
    .orderBy('endpoint_id')
    .orderBy('seq', 'desc')
    .execute();
}

/** Locks a live endpoint for its removal. */
export function lockEndpoint(trx: Database, id: string, organizationId: string) {
  return trx
    .selectFrom('webhook_endpoints')
    .select(endpointColumns)
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** Soft-deletes the endpoint; what it still had to send stops as FAILED. */
export async function deleteEndpoint(trx: Database, id: string, at: Date): Promise<void> {
  await trx.updateTable('webhook_endpoints').set({ deleted_at: at }).where('id', '=', id).execute();
  await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'FAILED', next_attempt_at: null })
    .where('endpoint_id', '=', id)
    .where('status', '=', 'PENDING')
    .execute();
}

/** The live endpoints of the organization subscribed to `event`. */
/**
 * One delivery of an event for each live endpoint of the organization subscribed to it, in one
 * statement (it runs inside busy transactions such as a redemption's, where every round trip
 * counts); the oldest endpoint's first. Returns how many deliveries were written.
 */
export async function insertDeliveriesForSubscribers(
  trx: Database,
  record: { organizationId: string; eventId: string; event: string; recordKey: string; payload: string },
): Promise<number> {
  const rows = await trx
    .insertInto('webhook_deliveries')
    .columns(['endpoint_id', 'organization_id', 'event_id', 'event', 'record_key', 'payload'])
    .expression(
      trx
        .selectFrom('webhook_endpoints')
        .select([
          'id',
          'organization_id',
          sql<string>`${record.eventId}::uuid`.as('event_id'),
          sql<string>`${record.event}::text`.as('event'),
          sql<string>`${record.recordKey}::text`.as('record_key'),
          sql<string>`${record.payload}::jsonb`.as('payload'),
        ])
        .where('organization_id', '=', record.organizationId)
        .where('deleted_at', 'is', null)
        .where(sql<boolean>`${record.event} = ANY(events)`)
        .orderBy('created_at'),
    )
    .returning('id')
    .execute();
  return rows.length;
}

/** An organization wallet's balance, holds and low-balance threshold, read inside the movement's transaction. */
export function organizationWalletState(trx: Database, accountId: string) {
  return trx
    .selectFrom('ledger_accounts as a')
    .innerJoin('organizations as o', 'o.id', 'a.organization_id')
    .select(['a.id', 'a.organization_id', 'a.balance_kobo', 'a.held_kobo', 'o.low_balance_threshold_kobo'])
    .where('a.id', '=', accountId)
    .executeTakeFirst();
}

export interface ClaimedDelivery {
  id: string;
  event_id: string;
  event: string;
  organization_id: string;
  payload: Record<string, unknown>;
  created_at: Date;
  attempts: number;
  url: string;
  secret_sealed: string;
}

/**
 * Claims up to `limit` due deliveries by moving their next attempt to `leaseUntil`, so that no other
 * instance takes them while this one calls out (no transaction stays open across the call). Only
 * the oldest PENDING delivery of a record to an endpoint is due: the next waits until it is settled.
 */
export async function claimDueDeliveries(db: Database, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
  const { rows } = await sql<ClaimedDelivery>`
    UPDATE webhook_deliveries d SET next_attempt_at = ${leaseUntil}
    FROM (
      SELECT c.id FROM webhook_deliveries c
      WHERE c.status = 'PENDING'
        AND (c.next_attempt_at IS NULL OR c.next_attempt_at <= ${now})
        AND NOT EXISTS (
          SELECT 1 FROM webhook_deliveries o
          WHERE o.endpoint_id = c.endpoint_id AND o.record_key = c.record_key AND o.status = 'PENDING' AND o.seq < c.seq
        )
      ORDER BY c.seq
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ) due, webhook_endpoints e
    WHERE d.id = due.id AND e.id = d.endpoint_id
    RETURNING d.id, d.event_id, d.event, d.organization_id, d.payload, d.created_at, d.attempts, e.url, e.secret_sealed`.execute(db);
  return rows;
}

/** Records one attempt and the delivery's new state; a delivery stopped meanwhile (endpoint removed) stays stopped. */
export async function recordAttempt(
  trx: Database,
  attempt: { deliveryId: string; attemptedAt: Date; statusCode: number | null; error: string | null; durationMs: number },
  next: { status: 'PENDING' | 'DELIVERED' | 'FAILED'; attempts: number; nextAttemptAt: Date | null; deliveredAt: Date | null },
): Promise<void> {
  await trx
    .insertInto('webhook_delivery_attempts')
    .values({
      delivery_id: attempt.deliveryId,
      attempted_at: attempt.attemptedAt,
      status_code: attempt.statusCode,
      error: attempt.error,
      duration_ms: attempt.durationMs,
    })
    .execute();
  await trx
    .updateTable('webhook_deliveries')
    .set({ status: next.status, attempts: next.attempts, next_attempt_at: next.nextAttemptAt, delivered_at: next.deliveredAt })
    .where('id', '=', attempt.deliveryId)
    .where('status', '=', 'PENDING')
    .execute();
}

/** A page of an endpoint's deliveries, newest first, each with its latest attempt. */
export async function listDeliveries(db: Database, endpointId: string, page: { page: number; pageSize: number }) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('webhook_deliveries as d')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('webhook_delivery_attempts as a')
            .select(['a.status_code', 'a.error', 'a.attempted_at'])
            .whereRef('a.delivery_id', '=', 'd.id')
            .orderBy('a.id', 'desc')
            .limit(1)
            .as('last'),
        (join) => join.onTrue(),
      )
      .select([
        'd.id',
        'd.event_id',
        'd.event',
        'd.status',
        'd.attempts',
        'd.created_at',
        'd.delivered_at',
        'd.next_attempt_at',
        'last.status_code',
        'last.error',
        'last.attempted_at',
      ])
      .where('d.endpoint_id', '=', endpointId)
      .orderBy('d.seq', 'desc')
      .limit(page.pageSize)
      .offset(pageOffset(page.page, page.pageSize))
      .execute(),
    db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('endpoint_id', '=', endpointId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export type DeliveryRow = Awaited<ReturnType<typeof listDeliveries>>['rows'][number];
