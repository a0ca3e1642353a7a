import { sql, type Selectable } from 'kysely';
import type { MAINTENANCE_SORTS } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import type { SortChoice, SortExpression } from '../../platform/db/list-order.js';
import { anyOf } from '../../platform/db/search.js';
import { cursorInstant, type NewestFirstCursor } from '../../platform/db/keyset.js';
import {
  batchOfIds,
  filteredRequests,
  inScope,
  pageOfIds,
  requestOrder,
  totalsByStatus,
  type RequestFilters,
  type RequestSearch,
  type StatusTotal,
  userNameOf,
} from './request-lists.repository.js';
import type { RequestScope } from './scope.js';

function maintenanceViews(db: Database) {
  return db
    .selectFrom('maintenance_requests as r')
    .innerJoin('vehicles as v', 'v.id', 'r.vehicle_id')
    .innerJoin('organizations as o', 'o.id', 'r.organization_id')
    .innerJoin('users as rq', 'rq.id', 'r.requested_by')
    .leftJoin('fuel_stations as s', 's.id', 'r.station_id')
    .selectAll('r')
    .select([
      'v.plate_number',
      'v.make',
      'v.model',
      'v.type as vehicle_type',
      'o.name as organization_name',
      'rq.name as requester_name',
      's.name as station_name',
      's.address as station_address',
      userNameOf('r.approved_by').as('approver_name'),
      userNameOf('r.rejected_by').as('rejecter_name'),
      userNameOf('r.completed_by').as('completer_name'),
    ]);
}

export type MaintenanceRow = NonNullable<Awaited<ReturnType<typeof findMaintenance>>>;

export function findMaintenance(db: Database, id: string, scope: RequestScope) {
  return maintenanceViews(db).where('r.id', '=', id).where(inScope(scope)).executeTakeFirst();
}

export function findMaintenanceByCode(db: Database, code: string) {
  return maintenanceViews(db).where('r.coupon_code', '=', code).executeTakeFirst();
}

/** What a search of the maintenance jobs matches besides vehicle, organization and station. */
const MAINTENANCE_SEARCH: RequestSearch = { column: 'description', byRequester: false };

type MaintenanceSort = (typeof MAINTENANCE_SORTS)[number];

/**
 * The maintenance list's sortable columns, all of the request table. The cost is the one the table
 * shows: the final cost once the station set one, else the estimate.
 */
const MAINTENANCE_SORT_COLUMNS: Record<MaintenanceSort, SortExpression> = {
  cost: sql`coalesce(r.final_cost_kobo, r.cost_kobo)`,
  date: 'r.service_date',
  status: 'r.status',
  createdAt: 'r.created_at',
};

/** The next `size` maintenance jobs of the list after `after`, in the list's order, for an export. */
export function maintenanceBatch(
  db: Database,
  scope: RequestScope,
  filters: Omit<RequestFilters, 'page' | 'pageSize'>,
  after: NewestFirstCursor | null,
  size: number,
) {
  return maintenanceViews(db)
    .select(cursorInstant('r.created_at').as('cursor_at'))
    .where('r.id', '=', anyOf(batchOfIds(filteredRequests(db, 'maintenance_requests', scope, filters, MAINTENANCE_SEARCH), after, size)))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .execute();
}

/** A page of jobs (details joined for the page's ids only) and the summary of every job the filters keep. */
export async function listMaintenance(db: Database, scope: RequestScope, filters: RequestFilters & SortChoice<MaintenanceSort>) {
  const jobs = filteredRequests(db, 'maintenance_requests', scope, filters, MAINTENANCE_SEARCH);
  const order = requestOrder(MAINTENANCE_SORT_COLUMNS, filters);
  const [rows, summary] = await Promise.all([
    maintenanceViews(db)
      .where('r.id', '=', anyOf(pageOfIds(db, 'maintenance_requests', jobs, filters, order)))
      .orderBy(order)
      .execute(),
    maintenanceSummary(db, scope, filters),
  ]);
  return { rows, summary };
}

/** What the maintenance list's summary sums per status: the estimates (`cost_kobo`) and what completed jobs cost. */
const MAINTENANCE_TOTALS: Record<'estimate' | 'amount', StatusTotal> = {
  estimate: { request: 'cost_kobo', rollup: 'estimate_kobo' },
  amount: { request: 'amount_kobo', rollup: 'amount_kobo' },
};

/**
 * The maintenance list's summary of every job the filters keep, from its per-status totals, as the
 * fuel list's (`fuelRequestSummary`): on a first screen those of the scope's monthly rollups, which
 * hold the estimates since migration 0028, else those of the filtered rows.
 */
export function maintenanceSummary(db: Database, scope: RequestScope, filters: Omit<RequestFilters, 'page' | 'pageSize'>) {
  return db
    .selectFrom(totalsByStatus(db, 'maintenance_requests', scope, filters, MAINTENANCE_SEARCH, MAINTENANCE_TOTALS))
    .select([
      sql<string>`coalesce(sum(s.requests), 0)`.as('total'),
      sql<string>`coalesce(sum(s.requests) FILTER (WHERE s.status = 'PENDING'), 0)`.as('pending_count'),
      sql<string>`coalesce(sum(s.requests) FILTER (WHERE s.status = 'APPROVED'), 0)`.as('approved_count'),
      sql<string>`coalesce(sum(s.requests) FILTER (WHERE s.status = 'COMPLETED'), 0)`.as('completed_count'),
      sql<string>`coalesce(sum(s.estimate) FILTER (WHERE s.status IN ('PENDING', 'APPROVED')), 0)`.as('pending_cost'),
      sql<string>`coalesce(sum(s.amount) FILTER (WHERE s.status = 'COMPLETED'), 0)`.as('completed_cost'),
    ])
    .executeTakeFirstOrThrow();
}

export async function insertMaintenance(
  db: Database,
  values: {
    organizationId: string;
    vehicleId: string;
    requestedBy: string;
    stationId: string | null;
    description: string;
    serviceDate: string;
    costKobo: bigint;
    odometer: number | null;
    tankLevel: number | null;
    note: string | null;
  },
): Promise<MaintenanceRecord> {
  return db
    .insertInto('maintenance_requests')
    .values({
      organization_id: values.organizationId,
      vehicle_id: values.vehicleId,
      requested_by: values.requestedBy,
      station_id: values.stationId,
      description: values.description,
      service_date: values.serviceDate,
      cost_kobo: values.costKobo.toString(),
      odometer: values.odometer,
      tank_level: values.tankLevel,
      note: values.note,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function lockMaintenance(db: Database, id: string) {
  return db.selectFrom('maintenance_requests').selectAll().where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
}

export type LockedMaintenance = NonNullable<Awaited<ReturnType<typeof lockMaintenance>>>;

/** A request's row as a write left it (the writes return it, so that its webhook needs no second read). */
export type MaintenanceRecord = Selectable<DB['maintenance_requests']>;

export async function updateMaintenance(
  db: Database,
  id: string,
  patch: Partial<{
    status: string;
    approved_by: string;
    approved_at: Date;
    hold_kobo: string;
    coupon_code: string;
    rejected_by: string;
    rejected_at: Date;
    rejection_note: string | null;
    final_cost_kobo: string;
    completed_by: string;
    completed_at: Date;
    amount_kobo: string;
    fee_kobo: string;
    payment_entry_id: string | null;
  }>,
): Promise<MaintenanceRecord> {
  return db
    .updateTable('maintenance_requests')
    .set({ ...patch, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
