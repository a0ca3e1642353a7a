/** When an asset is due for attention (insurance, registration, service), and the due lists read on the due indexes (migration 0032). */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import { cursorInstant } from '../../platform/db/keyset.js';

/**
 * The one rule for an insurance status, for a policy aliased `ip` and today's Lagos date: ACTIVE
 * from the coverage start to the end date inclusive, EXPIRED after it, NOT_INSURED before its start
 * (and, by `insuranceStatusOf`, without any policy).
 */
export function policyStatus(today: string) {
  return sql<string>`CASE WHEN ip.coverage_end < ${today}::date THEN 'EXPIRED'
    WHEN ip.coverage_start <= ${today}::date THEN 'ACTIVE' ELSE 'NOT_INSURED' END`;
}

/** An asset's insurance status: that of its latest policy. */
export function insuranceStatusOf(eb: ExpressionBuilder<DB & { v: DB['vehicles'] }, 'v'>, today: string) {
  return eb.fn.coalesce(
    eb
      .selectFrom('insurance_policies as ip')
      .select(policyStatus(today).as('status'))
      .whereRef('ip.vehicle_id', '=', 'v.id')
      .orderBy('ip.created_at', 'desc')
      .limit(1),
    sql<string>`'NOT_INSURED'`,
  );
}

/**
 * "Due for maintenance" (the parts and their words: due-rule.ts `dueFindings`): an approved
 * maintenance job not yet completed; or the last completed service (or, before any, the asset's
 * registration in FleetFuel) older than the organization's service interval (default 90 days), or
 * more kilometres driven since that service's odometer than its interval (default 5,000 km); or
 * insurance (latest policy) or registration expiring within 30 days or expired. Used by the
 * Dashboard's Maintenance Due, the clients' vehiclesNeedServicing, the alerts and the Service-term
 * report. The vehicle's trigger keeps the first day it is due (`due_on`, migration 0032), so a
 * vehicle is due on `today` exactly when `due_on <= today`: counting them reads an index, not the
 * rule over every vehicle.
 */
function isDue(eb: ExpressionBuilder<DB & { v: DB['vehicles'] }, 'v'>, today: string) {
  return eb('v.due_on', '<=', sql<string>`${today}::date`);
}

/** Which due vehicles: one organization's, one vehicle (when due), or every organization's. */
export interface DueScope {
  organizationId: string | null;
  vehicleId?: string | null;
}

/** Vehicles in service (inactive assets are never due) of a scope; the predicate the due indexes (0032) carry. */
function vehiclesInService(db: Database, scope: DueScope) {
  return db
    .selectFrom('vehicles as v')
    .where('v.status', '<>', 'INACTIVE')
    .$if(scope.organizationId !== null, (q) => q.where('v.organization_id', '=', scope.organizationId as string))
    .$if(scope.vehicleId !== undefined, (q) => q.where('v.id', '=', scope.vehicleId ?? '00000000-0000-0000-0000-000000000000'));
}

/**
 * Due vehicles with the facts that make them due (joined for their words), soonest problems first:
 * the earlier of the registration's and the insurance's end (`due_order`: 'infinity' for an asset
 * with neither, last), then the oldest asset, then its id, which makes the order total.
 */
function dueVehiclesInOrder(db: Database, scope: DueScope, today: string) {
  return vehiclesInService(db, scope)
    .innerJoin('organizations as owner', 'owner.id', 'v.organization_id')
    .leftJoin('vehicle_service_facts as f', 'f.vehicle_id', 'v.id')
    .select((eb) => [
      'v.id',
      'v.organization_id',
      'v.plate_number',
      'v.make',
      'v.model',
      'v.registration_expiry',
      'v.created_at',
      'v.last_odometer',
      'owner.service_interval_days',
      'owner.service_interval_km',
      eb(sql`coalesce(f.open_jobs, 0)`, '>', 0).as('open_job'),
      'f.insurance_end',
      'f.last_service_at',
      'f.last_service_odometer',
    ])
    .where((eb) => isDue(eb, today))
    .orderBy('v.due_order')
    .orderBy('v.created_at')
    .orderBy('v.id');
}

/**
 * Vehicles due for maintenance, with the facts that make them due, for the alerts list (one
 * organization, one vehicle, or all): the first `limit`, soonest problems first, and how many
 * are due in all (a range of `vehicles_due`).
 */
export async function dueVehicles(db: Database, scope: DueScope, today: string, limit: number) {
  const rows = await dueVehiclesInOrder(db, scope, today).limit(limit).execute();
  if (rows.length < limit) return { rows, due: rows.length };
  const counted = await vehiclesInService(db, scope)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where((eb) => isDue(eb, today))
    .executeTakeFirstOrThrow();
  return { rows, due: Number(counted.n) };
}

/** Where a batch of due vehicles ended: its last row's order key (as text) and instant to the microsecond. */
export interface DueCursor {
  due_key: string;
  cursor_at: string;
  id: string;
}

/** The next `size` due vehicles after `after`, in the order of `dueVehicles` (the Service Term report). */
export function dueVehicleBatch(db: Database, scope: DueScope, today: string, after: DueCursor | null, size: number) {
  return dueVehiclesInOrder(db, scope, today)
    .select([sql<string>`v.due_order::text`.as('due_key'), cursorInstant('v.created_at').as('cursor_at')])
    .$if(after !== null, (q) => {
      const cursor = after as DueCursor;
      return q.where(
        sql<boolean>`(v.due_order, v.created_at, v.id) > (${cursor.due_key}::date, ${cursor.cursor_at}::timestamptz, ${cursor.id}::uuid)`,
      );
    })
    .limit(size)
    .execute();
}

/** Vehicles of one organization (or all) and how many of them are due; inactive assets are not counted. */
export async function countVehicles(db: Database, organizationId: string | null, today: string) {
  const row = await vehiclesInService(db, { organizationId })
    .select((eb) => [eb.fn.countAll<string>().as('total'), eb.fn.countAll<string>().filterWhere(isDue(eb, today)).as('due')])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), due: Number(row.due) };
}
