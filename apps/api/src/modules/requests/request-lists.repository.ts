/**
 * What the fuel and maintenance request lists share: the filters, the search, the order and the
 * paging, all on the request table alone (alias `r`). A list selects its page's ids on the index that
 * matches its filter and order (migrations 0012 and 0027), then joins the details of those ids only;
 * its summary is an aggregate over the same filtered request rows, without joins, or, on a first
 * screen, over the scope's monthly rollups (`totalsByStatus`).
 */
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { listOrder, type SortChoice, type SortExpression } from '../../platform/db/list-order.js';
import { PLATFORM_SCOPE_ID } from '../../platform/db/rollups.js';
import type { DB } from '../../platform/db/schema.js';
import { afterCursor, type NewestFirstCursor } from '../../platform/db/keyset.js';
import { anyOf, containsPattern, pageOffset, vehicleSearchText } from '../../platform/db/search.js';
import type { RequestScope } from './scope.js';

/** The columns fuel and maintenance requests share, aliased `r` in both repositories. */
type RequestColumns = {
  r: { organization_id: string; station_id: string | null; status: string; requested_by: string; vehicle_id: string };
};

/** The scope's conditions on a request query. */
export function inScope(scope: RequestScope) {
  return (eb: ExpressionBuilder<RequestColumns, 'r'>) => {
    const conditions = [];
    if (scope.organizationId) conditions.push(eb('r.organization_id', '=', scope.organizationId));
    if (scope.stationId) conditions.push(eb('r.station_id', '=', scope.stationId));
    if (scope.statuses) conditions.push(eb('r.status', 'in', scope.statuses));
    if (scope.requesterOrVehicle) {
      const { userId, vehicleId } = scope.requesterOrVehicle;
      conditions.push(eb.or([eb('r.requested_by', '=', userId), ...(vehicleId ? [eb('r.vehicle_id', '=', vehicleId)] : [])]));
    }
    return conditions.length ? eb.and(conditions) : eb.lit(true);
  };
}

export interface RequestFilters {
  search?: string | undefined;
  status?: string | undefined;
  vehicleId?: string | undefined;
  stationId?: string | undefined;
  requestedBy?: string | undefined;
  /** Calendar days, both included, of the date the list shows (see `LISTED_DATE`). */
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
}

export type RequestTable = 'fuel_requests' | 'maintenance_requests';

/** The calendar date each list shows, which its `from` and `to` bound: a fuel request's supply date, a job's date. */
const LISTED_DATE: Record<RequestTable, string> = { fuel_requests: 'r.supply_date', maintenance_requests: 'r.service_date' };

/**
 * Every column a list's order reads (its default and each sort of FUEL_REQUEST_SORT_COLUMNS and
 * MAINTENANCE_SORT_COLUMNS): what a page within a date range selects from the range's rows, all
 * held by the list's `(organization_id, <date>)` index of migration 0027.
 */
const ORDERED_COLUMNS: Record<RequestTable, readonly string[]> = {
  fuel_requests: ['id', 'created_at', 'status', 'volume', 'supply_date'],
  maintenance_requests: ['id', 'created_at', 'status', 'cost_kobo', 'final_cost_kobo', 'service_date'],
};

/** The columns both request tables have, which the lists filter and sort on. */
interface ListedRequest {
  id: string;
  organization_id: string;
  vehicle_id: string;
  requested_by: string;
  station_id: string | null;
  status: string;
  created_at: Date;
}

/** What a search term matches besides the vehicle, organization and station: a column of the request, and its requester. */
export interface RequestSearch {
  /** A text column of the request with a trigram index of its own. */
  column: 'coupon_code' | 'description';
  byRequester: boolean;
}

export type ListedRequests = SelectQueryBuilder<DB & { r: ListedRequest }, 'r', object>;

function requestRows(db: Database, table: RequestTable, alias: string) {
  return db.selectFrom(sql<ListedRequest>`${sql.table(table)}`.as(alias));
}

/**
 * Ids of the requests a term matches: through their vehicle (plate, make, model), organization,
 * station, requester or own column. One union of small indexed look-ups, so that a selective term
 * (a plate) reads a few rows instead of filtering every request in scope.
 */
function matchingRequestIds(db: Database, table: RequestTable, term: string, scope: RequestScope, search: RequestSearch) {
  const pattern = containsPattern(term);
  // Vehicles and requesters belong to the request's organization: an organization's list looks only at its own.
  const organizationId = scope.organizationId;
  const vehicles = db
    .selectFrom('vehicles as sv')
    .select('sv.id')
    .where(vehicleSearchText('sv'), 'ilike', pattern)
    .$if(organizationId !== null, (q) => q.where('sv.organization_id', '=', organizationId as string));
  const organizations = db.selectFrom('organizations as so').select('so.id').where('so.name', 'ilike', pattern);
  const stations = db.selectFrom('fuel_stations as ss').select('ss.id').where('ss.name', 'ilike', pattern);
  let ids = requestRows(db, table, 'm')
    .select('m.id')
    .where('m.vehicle_id', 'in', vehicles)
    .union(requestRows(db, table, 'm').select('m.id').where('m.organization_id', 'in', organizations))
    .union(requestRows(db, table, 'm').select('m.id').where('m.station_id', 'in', stations))
    .union(
      requestRows(db, table, 'm')
        .select('m.id')
        .where(sql.ref(`m.${search.column}`), 'ilike', pattern),
    );
  if (search.byRequester) {
    const requesters = db
      .selectFrom('users as su')
      .select('su.id')
      .where('su.name', 'ilike', pattern)
      .$if(organizationId !== null, (q) => q.where('su.organization_id', '=', organizationId as string));
    ids = ids.union(requestRows(db, table, 'm').select('m.id').where('m.requested_by', 'in', requesters));
  }
  return ids;
}

/**
 * The name of the user a request's column names (its approver, rejecter, redeemer or completer),
 * or null, as a scalar subquery rather than a join: a request's view already joins four tables,
 * and every further join multiplies the join orders PostgreSQL weighs before a one-row read (the
 * fuel request's view of nine tables spent ~5 ms planning a 0.3 ms read; with these, ~1 ms).
 */
export function userNameOf(column: `r.${string}`): RawBuilder<string | null> {
  return sql<string | null>`(SELECT u.name FROM users AS u WHERE u.id = ${sql.ref(column)})`;
}

/** The requests in scope that pass the list's filters, as a query on the request table alone. */
export function filteredRequests(
  db: Database,
  table: RequestTable,
  scope: RequestScope,
  filters: Omit<RequestFilters, 'page' | 'pageSize'>,
  search: RequestSearch,
): ListedRequests {
  let query: ListedRequests = requestRows(db, table, 'r').where(inScope(scope));
  // The matches are found first (a few index look-ups) and then fetched by id: joined to every
  // request in scope instead (`IN`), a plate's 17 requests cost a scan of its organization's 320,000.
  if (filters.search) query = query.where('r.id', '=', anyOf(matchingRequestIds(db, table, filters.search, scope, search)));
  if (filters.status) query = query.where('r.status', '=', filters.status);
  if (filters.vehicleId) query = query.where('r.vehicle_id', '=', filters.vehicleId);
  if (filters.stationId) query = query.where('r.station_id', '=', filters.stationId);
  if (filters.requestedBy) query = query.where('r.requested_by', '=', filters.requestedBy);
  // A date column compared with the day's text compares as dates; both days are included.
  if (filters.from) query = query.where(sql.ref(LISTED_DATE[table]), '>=', filters.from);
  if (filters.to) query = query.where(sql.ref(LISTED_DATE[table]), '<=', filters.to);
  return query;
}

const ROLLUP_SUBJECT: Record<RequestTable, 'FUEL' | 'MAINTENANCE'> = { fuel_requests: 'FUEL', maintenance_requests: 'MAINTENANCE' };

/** The rollup rows that hold exactly a list scope's requests, or null for a scope they do not (a driver's). */
function rollupOfScope(scope: RequestScope) {
  if (scope.requesterOrVehicle) return null;
  if (scope.stationId) return scope.organizationId ? null : { scope: 'STATION' as const, scopeId: scope.stationId };
  return scope.organizationId
    ? { scope: 'ORGANIZATION' as const, scopeId: scope.organizationId }
    : { scope: 'PLATFORM' as const, scopeId: PLATFORM_SCOPE_ID };
}

/**
 * On a list's first screen (no filter the caller chose narrows its scope), the monthly rollup rows
 * (migrations 0011 and 0028, every month and shard) of its scope's requests; null for any other list.
 *
 * The first screen's summary covers the scope's whole history: an aggregate of its request rows
 * costs as much as the history is long (528 ms for an organization with 400,000 requests, on every
 * page), while its rollup rows grow with months × statuses. The rollups count every request once
 * per scope, in the transaction that changes it, with the status it has now, so they sum to what
 * the scan would: a station's rows count the requests addressed to it, and the scope's statuses
 * (approved and completed, for a station) pick the same requests the list shows.
 */
function firstScreenRollups(db: Database, table: RequestTable, scope: RequestScope, filters: Omit<RequestFilters, 'page' | 'pageSize'>) {
  const narrowed =
    filters.search || filters.status || filters.vehicleId || filters.stationId || filters.requestedBy || filters.from || filters.to;
  const rollup = narrowed ? null : rollupOfScope(scope);
  if (!rollup) return null;
  return db
    .selectFrom('analytics_monthly_totals as t')
    .where('t.scope', '=', rollup.scope)
    .where('t.scope_id', '=', rollup.scopeId)
    .where('t.subject', '=', ROLLUP_SUBJECT[table])
    .$if(scope.statuses !== undefined, (q) => q.where('t.status', 'in', scope.statuses ?? []));
}

/** A sum a list's summary reads per status: of a column of the request rows, or of the rollups' column that holds its sums. */
export interface StatusTotal {
  request: string;
  rollup: 'volume' | 'dispensed_volume' | 'amount_kobo' | 'estimate_kobo';
}

/**
 * A list's requests totalled by status, as the subquery `s`: per status, `requests` (how many) and
 * each of `totals` summed. On a first screen they come from the scope's rollups
 * (`firstScreenRollups`), else from the request rows the filters keep; a summary's formulas read
 * only these per-status totals, so they are written once whichever gave them.
 */
export function totalsByStatus<Total extends string>(
  db: Database,
  table: RequestTable,
  scope: RequestScope,
  filters: Omit<RequestFilters, 'page' | 'pageSize'>,
  search: RequestSearch,
  totals: Record<Total, StatusTotal>,
) {
  const sums = (alias: 'r' | 't', source: keyof StatusTotal) =>
    (Object.entries(totals) as Array<[Total, StatusTotal]>).map(([name, total]) =>
      sql<string>`sum(${sql.ref(`${alias}.${total[source]}`)})`.as(name),
    );
  // The row type is stated: TypeScript cannot resolve a selection whose names are a type parameter.
  type Totals = { status: string; requests: string } & Record<Total, string>;
  const rollups = firstScreenRollups(db, table, scope, filters);
  return rollups
    ? rollups
        .select(['t.status', sql<string>`sum(t.request_count)`.as('requests'), ...sums('t', 'rollup')])
        .groupBy('t.status')
        .$castTo<Totals>()
        .as('s')
    : filteredRequests(db, table, scope, filters, search)
        .select(['r.status', sql<string>`count(*)`.as('requests'), ...sums('r', 'request')])
        .groupBy('r.status')
        .$castTo<Totals>()
        .as('s');
}

/** The lists' own order, newest first, in which their `(…, created_at DESC, id)` indexes hold the rows. */
const NEWEST_FIRST = sql`r.created_at DESC, r.id`;

/**
 * The order of a page of requests: the chosen column of the request table, or newest first. The
 * page's ids and the joined rows of those ids are both ordered by it.
 */
export function requestOrder<Column extends string>(columns: Record<Column, SortExpression>, choice: SortChoice<Column>) {
  return listOrder(columns, choice, NEWEST_FIRST, 'r.id');
}

/**
 * The ids of one page in `order`. Newest first, the index of the list's filter gives them in order.
 *
 * Within a date range, the page is chosen among the range's rows, read first on the date's index
 * (the `OFFSET 0` keeps PostgreSQL from merging the two queries): walked newest first instead, the
 * creation index would pass every newer row of the organization before the first of a range a year
 * back, as the planner cannot know that supply dates follow creation. So a ranged page reads what
 * the ranged summary reads anyway.
 */
export function pageOfIds(
  db: Database,
  table: RequestTable,
  requests: ListedRequests,
  filters: Pick<RequestFilters, 'from' | 'to' | 'page' | 'pageSize'>,
  order: RawBuilder<unknown>,
): Expression<unknown> {
  const limit = filters.pageSize;
  const offset = pageOffset(filters.page, filters.pageSize);
  if (!filters.from && !filters.to) return requests.select('r.id').orderBy(order).limit(limit).offset(offset);
  const inRange = requests.select(ORDERED_COLUMNS[table].map((column) => sql.ref(`r.${column}`).as(column))).offset(0);
  return db.selectFrom(inRange.as('r')).select(sql.ref('r.id').as('id')).orderBy(order).limit(limit).offset(offset);
}

/** The ids of the next `size` requests after `after`, newest first as the list is, for an export. */
export function batchOfIds(requests: ListedRequests, after: NewestFirstCursor | null, size: number) {
  return requests
    .select('r.id')
    .$if(after !== null, (q) => q.where(afterCursor('r.created_at', 'r.id', after as NewestFirstCursor)))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .limit(size);
}

/** The vehicle a driver drives, which widens the requests it sees to those of that vehicle. */
export async function findDrivenVehicleId(db: Database, driverId: string): Promise<string | null> {
  const row = await db.selectFrom('vehicles').select('id').where('driver_id', '=', driverId).executeTakeFirst();
  return row?.id ?? null;
}
