/** Overrides asked at the pump (issue 44): written by the redemption, paged for managers, decided one at a time. */
import { sql } from 'kysely';
import type { OverrideStatus } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { pageWithTotal } from '../../platform/db/page-with-total.js';
import { containsPattern } from '../../platform/db/search.js';

function overrideViews(db: Database) {
  return db
    .selectFrom('policy_overrides as o')
    .innerJoin('fuel_requests as r', 'r.id', 'o.fuel_request_id')
    .innerJoin('vehicles as v', 'v.id', 'r.vehicle_id')
    .innerJoin('fuel_stations as s', 's.id', 'o.station_id')
    .innerJoin('organizations as org', 'org.id', 'o.organization_id')
    .innerJoin('users as asker', 'asker.id', 'o.requested_by')
    .leftJoin('users as d', 'd.id', 'r.driver_id')
    .leftJoin('users as decider', 'decider.id', 'o.decided_by');
}

function withColumns(query: ReturnType<typeof overrideViews>) {
  return query.select([
    'o.id',
    'o.status',
    'o.breaches',
    'o.dispensed_volume',
    'o.created_at',
    'o.decided_by',
    'decider.name as decider_name',
    'o.decided_at',
    'o.note',
    'o.expires_at',
    'o.organization_id',
    'org.name as organization_name',
    'o.requested_by',
    'asker.name as asker_name',
    'r.id as request_id',
    'r.coupon_code',
    'r.volume',
    'r.fuel_type',
    'r.supply_date',
    'v.id as vehicle_id',
    'v.plate_number',
    'v.make',
    'v.model',
    'r.driver_id',
    'd.name as driver_name',
    's.id as station_id',
    's.name as station_name',
  ]);
}

export type OverrideRow = Awaited<ReturnType<ReturnType<typeof withColumns>['executeTakeFirstOrThrow']>>;

export function listOverrides(
  db: Database,
  filters: {
    organizationId: string | null;
    status?: OverrideStatus | undefined;
    search?: string | undefined;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: OverrideRow[]; total: number }> {
  const query = overrideViews(db)
    .$if(filters.organizationId !== null, (q) => q.where('o.organization_id', '=', filters.organizationId as string))
    .$if(filters.status !== undefined, (q) => q.where('o.status', '=', filters.status as OverrideStatus))
    .$if(Boolean(filters.search), (q) => q.where('v.plate_number', 'ilike', containsPattern(filters.search as string)));
  return pageWithTotal(query, filters, (q) => withColumns(q).orderBy('o.created_at', 'desc').orderBy('o.id', 'desc'));
}

/** One override in a tenant's scope: an organization's, or a station's (the attendant waiting on it). */
export function findOverride(db: Database, id: string, scope: { organizationId?: string | null; stationId?: string }) {
  return withColumns(overrideViews(db))
    .where('o.id', '=', id)
    .$if(Boolean(scope.organizationId), (q) => q.where('o.organization_id', '=', scope.organizationId as string))
    .$if(scope.stationId !== undefined, (q) => q.where('o.station_id', '=', scope.stationId as string))
    .executeTakeFirst();
}

/** The override, locked for its decision (the organization's) or its cancelling (the asking station's). */
export function lockOverride(db: Database, id: string, scope: { organizationId: string } | { stationId: string }) {
  return db
    .selectFrom('policy_overrides')
    .select(['id', 'status', 'organization_id', 'fuel_request_id', 'station_id', 'dispensed_volume'])
    .where('id', '=', id)
    .$if('organizationId' in scope, (q) => q.where('organization_id', '=', (scope as { organizationId: string }).organizationId))
    .$if('stationId' in scope, (q) => q.where('station_id', '=', (scope as { stationId: string }).stationId))
    .forUpdate()
    .executeTakeFirst();
}

/** The attendant stopped waiting: who closed it and when are kept where a decision's would be. */
export async function cancelOverride(db: Database, id: string, by: string): Promise<void> {
  await db
    .updateTable('policy_overrides')
    .set({ status: 'CANCELLED', decided_by: by, decided_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function decideOverride(
  db: Database,
  id: string,
  decision: { status: 'APPROVED' | 'DECLINED'; by: string; note: string | null; validMinutes: number },
): Promise<void> {
  await db
    .updateTable('policy_overrides')
    .set({
      status: decision.status,
      decided_by: decision.by,
      decided_at: sql<Date>`now()`,
      note: decision.note,
      expires_at: decision.status === 'APPROVED' ? sql<Date>`now() + make_interval(mins => ${decision.validMinutes})` : null,
    })
    .where('id', '=', id)
    .execute();
}

/** The request's latest override with who decided it, locked: the pump reads it under the request's lock. */
export function latestOverrideOf(db: Database, requestId: string) {
  return db
    .selectFrom('policy_overrides as o')
    .leftJoin('users as decider', 'decider.id', 'o.decided_by')
    .select(['o.id', 'o.status', 'o.dispensed_volume', 'o.expires_at', 'o.note', 'decider.name as decider_name'])
    .where('o.fuel_request_id', '=', requestId)
    .orderBy('o.created_at', 'desc')
    .limit(1)
    .forUpdate('o')
    .executeTakeFirst();
}

export async function insertOverride(
  db: Database,
  values: {
    organizationId: string;
    requestId: string;
    stationId: string;
    requestedBy: string;
    dispensedVolume: number;
    breaches: readonly string[];
  },
): Promise<string> {
  const row = await db
    .insertInto('policy_overrides')
    .values({
      organization_id: values.organizationId,
      fuel_request_id: values.requestId,
      station_id: values.stationId,
      requested_by: values.requestedBy,
      dispensed_volume: values.dispensedVolume,
      breaches: JSON.stringify(values.breaches),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setOverrideStatus(db: Database, id: string, status: 'USED' | 'EXPIRED'): Promise<void> {
  await db.updateTable('policy_overrides').set({ status }).where('id', '=', id).execute();
}

/**
 * The coupons are done with (redeemed or expired): the override a redemption went through is USED,
 * and any other still open on them (pending, or approved and unspent) lapses as EXPIRED, so that no
 * manager is asked to decide on fuel already given, or on a coupon that no longer is.
 */
export async function closeOpenOverrides(db: Database, requestIds: readonly string[], usedOverrideId: string | null = null): Promise<void> {
  if (requestIds.length === 0) return;
  await db
    .updateTable('policy_overrides')
    .set({ status: sql<'USED' | 'EXPIRED'>`CASE WHEN id = ${usedOverrideId} THEN 'USED' ELSE 'EXPIRED' END` })
    .where('fuel_request_id', 'in', requestIds)
    .where('status', 'in', ['PENDING', 'APPROVED'])
    .execute();
}
