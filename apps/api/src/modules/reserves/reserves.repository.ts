import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { pageWithTotal } from '../../platform/db/page-with-total.js';

function reserveViews(db: Database) {
  return db
    .selectFrom('fuel_reserves as r')
    .leftJoin('users as rq', 'rq.id', 'r.requested_by')
    .leftJoin('users as ap', 'ap.id', 'r.approved_by')
    .selectAll('r')
    .select(['rq.name as requested_by_name', 'ap.name as approved_by_name']);
}

export type ReserveRow = NonNullable<Awaited<ReturnType<typeof findReserve>>>;

export function findReserve(db: Database, id: string, organizationId: string | null) {
  return reserveViews(db)
    .where('r.id', '=', id)
    .$if(organizationId !== null, (q) => q.where('r.organization_id', '=', organizationId as string))
    .executeTakeFirst();
}

export async function listReserves(
  db: Database,
  filters: { organizationId: string | null; status?: string | undefined; fuelType?: string | undefined; page: number; pageSize: number },
) {
  let query = reserveViews(db);
  if (filters.organizationId) query = query.where('r.organization_id', '=', filters.organizationId);
  if (filters.status) query = query.where('r.status', '=', filters.status);
  if (filters.fuelType) query = query.where('r.fuel_type', '=', filters.fuelType);
  return pageWithTotal(query, filters, (q) => q.orderBy('r.created_at', 'desc').orderBy('r.id'));
}

/** Per fuel type: what ACTIVE reserves hold and held, and what PENDING ones ask for. */
export function summarizeReserves(db: Database, organizationId: string | null) {
  return db
    .selectFrom('fuel_reserves')
    .select([
      'fuel_type',
      sql<string>`coalesce(sum(remaining) FILTER (WHERE status = 'ACTIVE'), 0)`.as('remaining'),
      sql<string>`coalesce(sum(amount) FILTER (WHERE status = 'ACTIVE'), 0)`.as('total'),
      sql<string>`coalesce(sum(amount) FILTER (WHERE status = 'PENDING'), 0)`.as('pending'),
    ])
    .$if(organizationId !== null, (q) => q.where('organization_id', '=', organizationId as string))
    .groupBy('fuel_type')
    .orderBy('fuel_type')
    .execute();
}

export async function insertReserve(
  db: Database,
  values: { organizationId: string; fuelType: string; amount: number; note: string | null; requestedBy: string },
): Promise<string> {
  const row = await db
    .insertInto('fuel_reserves')
    .values({
      organization_id: values.organizationId,
      fuel_type: values.fuelType,
      amount: values.amount,
      remaining: values.amount,
      note: values.note,
      requested_by: values.requestedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Decides a reserve: PENDING to ACTIVE (approval) or to INACTIVE, or ACTIVE to INACTIVE. */
export async function decideReserve(db: Database, id: string, from: string, to: 'ACTIVE' | 'INACTIVE', by: string): Promise<boolean> {
  const result = await db
    .updateTable('fuel_reserves')
    .set({
      status: to,
      ...(from === 'PENDING' ? { approved_by: by, approved_at: sql<Date>`now()` } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** ACTIVE reserves of a fuel with something left, oldest first, locked for the drawing transaction. */
export function lockDrawableReserves(db: Database, organizationId: string, fuelType: string) {
  return db
    .selectFrom('fuel_reserves')
    .select(['id', 'remaining'])
    .where('organization_id', '=', organizationId)
    .where('fuel_type', '=', fuelType)
    .where('status', '=', 'ACTIVE')
    .orderBy('created_at')
    .forUpdate()
    .execute();
}

export async function hasActiveReserve(db: Database, organizationId: string, fuelType: string): Promise<boolean> {
  const row = await db
    .selectFrom('fuel_reserves')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('fuel_type', '=', fuelType)
    .where('status', '=', 'ACTIVE')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function takeFromReserve(db: Database, reserveId: string, requestId: string, volume: number): Promise<void> {
  await db
    .updateTable('fuel_reserves')
    .set({ remaining: sql`remaining - ${volume}::numeric`, updated_at: sql<Date>`now()` })
    .where('id', '=', reserveId)
    .execute();
  await db.insertInto('reserve_draws').values({ fuel_request_id: requestId, reserve_id: reserveId, volume }).execute();
}

/** A request's draws that still hold volume, newest first (returned last-in, first-out). */
export function openDraws(db: Database, requestId: string) {
  return db
    .selectFrom('reserve_draws')
    .select(['id', 'reserve_id', sql<string>`volume - returned`.as('held')])
    .where('fuel_request_id', '=', requestId)
    .where(sql`volume - returned`, '>', 0)
    .orderBy('created_at', 'desc')
    .forUpdate()
    .execute();
}

export async function giveBack(db: Database, drawId: string, reserveId: string, volume: number): Promise<void> {
  await db
    .updateTable('reserve_draws')
    .set({ returned: sql`returned + ${volume}::numeric` })
    .where('id', '=', drawId)
    .execute();
  await db
    .updateTable('fuel_reserves')
    .set({ remaining: sql`remaining + ${volume}::numeric`, updated_at: sql<Date>`now()` })
    .where('id', '=', reserveId)
    .execute();
}
