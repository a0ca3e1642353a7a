import type { FUEL_REQUEST_SORTS, RequestFlag } from '@fleetfuel/contract';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import type { SortChoice, SortExpression } from '../../platform/db/list-order.js';
import { anyOf } from '../../platform/db/search.js';
import { cursorInstant, type NewestFirstCursor } from '../../platform/db/keyset.js';
import { flagsInsert } from '../flags/index.js';
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

function requestViews(db: Database) {
  return db
    .selectFrom('fuel_requests as r')
    .innerJoin('vehicles as v', 'v.id', 'r.vehicle_id')
    .innerJoin('organizations as o', 'o.id', 'r.organization_id')
    .innerJoin('users as rq', 'rq.id', 'r.requested_by')
    .innerJoin('fuel_stations as s', 's.id', 'r.station_id')
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
      userNameOf('r.redeemed_by').as('redeemer_name'),
    ]);
}

export type FuelRequestRow = NonNullable<Awaited<ReturnType<typeof findFuelRequest>>>;

export function findFuelRequest(db: Database, id: string, scope: RequestScope) {
  return requestViews(db).where('r.id', '=', id).where(inScope(scope)).executeTakeFirst();
}

export function findFuelRequestByCode(db: Database, code: string) {
  return requestViews(db).where('r.coupon_code', '=', code).executeTakeFirst();
}

/** What a search of the fuel requests matches besides vehicle, organization and station. */
const FUEL_REQUEST_SEARCH: RequestSearch = { column: 'coupon_code', byRequester: true };

type FuelRequestSort = (typeof FUEL_REQUEST_SORTS)[number];

/** The fuel request list's sortable columns, all of the request table. */
const FUEL_REQUEST_SORT_COLUMNS: Record<FuelRequestSort, SortExpression> = {
  volume: 'r.volume',
  supplyDate: 'r.supply_date',
  status: 'r.status',
  createdAt: 'r.created_at',
};

/** The next `size` fuel requests of the list after `after`, in the list's order, for an export. */
export function fuelRequestBatch(
  db: Database,
  scope: RequestScope,
  filters: Omit<RequestFilters, 'page' | 'pageSize'>,
  after: NewestFirstCursor | null,
  size: number,
) {
  return requestViews(db)
    .select(cursorInstant('r.created_at').as('cursor_at'))
    .where('r.id', '=', anyOf(batchOfIds(filteredRequests(db, 'fuel_requests', scope, filters, FUEL_REQUEST_SEARCH), after, size)))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .execute();
}

/** A page of requests (details joined for the page's ids only) and the summary of every request the filters keep. */
export async function listFuelRequests(db: Database, scope: RequestScope, filters: RequestFilters & SortChoice<FuelRequestSort>) {
  const requests = filteredRequests(db, 'fuel_requests', scope, filters, FUEL_REQUEST_SEARCH);
  const order = requestOrder(FUEL_REQUEST_SORT_COLUMNS, filters);
  const [rows, summary] = await Promise.all([
    requestViews(db)
      .where('r.id', '=', anyOf(pageOfIds(db, 'fuel_requests', requests, filters, order)))
      .orderBy(order)
      .execute(),
    fuelRequestSummary(db, scope, filters),
  ]);
  return { rows, summary };
}

/** What the fuel list's summary sums per status: requested and dispensed litres. */
const FUEL_REQUEST_TOTALS: Record<'volume' | 'dispensed_volume', StatusTotal> = {
  volume: { request: 'volume', rollup: 'volume' },
  dispensed_volume: { request: 'dispensed_volume', rollup: 'dispensed_volume' },
};

/**
 * The fuel list's summary of every request the filters keep. It is summed from per-status totals:
 * on a first screen those of the scope's monthly rollups, else those of the filtered rows.
 */
export function fuelRequestSummary(db: Database, scope: RequestScope, filters: Omit<RequestFilters, 'page' | 'pageSize'>) {
  return db
    .selectFrom(totalsByStatus(db, 'fuel_requests', scope, filters, FUEL_REQUEST_SEARCH, FUEL_REQUEST_TOTALS))
    .select([
      sql<string>`coalesce(sum(s.requests), 0)`.as('total'),
      sql<string>`coalesce(sum(s.volume) FILTER (WHERE s.status <> 'REJECTED'), 0)`.as('total_volume'),
      sql<string>`coalesce(sum(s.volume) FILTER (WHERE s.status = 'PENDING'), 0)`.as('pending_volume'),
      sql<string>`coalesce(sum(s.volume) FILTER (WHERE s.status = 'APPROVED'), 0)`.as('approved_volume'),
      sql<string>`coalesce(sum(s.dispensed_volume) FILTER (WHERE s.status = 'COMPLETED'), 0)`.as('dispensed_volume'),
      sql<string>`coalesce(sum(s.requests) FILTER (WHERE s.status = 'PENDING'), 0)`.as('pending_count'),
    ])
    .executeTakeFirstOrThrow();
}

export async function insertFuelRequest(
  db: Database,
  values: {
    organizationId: string;
    vehicleId: string;
    requestedBy: string;
    stationId: string;
    fuelType: string;
    volume: number;
    supplyDate: string;
    odometer: number | null;
    tankLevel: number | null;
    note: string | null;
    flags: RequestFlag[];
  },
): Promise<FuelRequestRecord> {
  return db
    .insertInto('fuel_requests')
    .values({
      organization_id: values.organizationId,
      vehicle_id: values.vehicleId,
      requested_by: values.requestedBy,
      // Whoever raises it, the fill is the vehicle's driver's (analytics' Fuel by Driver).
      driver_id: sql<string | null>`(SELECT v.driver_id FROM vehicles v WHERE v.id = ${values.vehicleId})`,
      station_id: values.stationId,
      fuel_type: values.fuelType,
      volume: values.volume,
      supply_date: values.supplyDate,
      odometer: values.odometer,
      tank_level: values.tankLevel,
      note: values.note,
      flags: JSON.stringify(values.flags),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** How many of a vehicle's previous fills its anomaly flags look at: enough for a median, never its whole history. */
const FLAG_HISTORY_FILLS = 12;

/** A completed fill as the flags read it (through JSON: numbers, and the instant as text). */
export interface FlagHistoryFill {
  odometer: number | null;
  volume: number;
  dispensed_volume: number | null;
  redeemed_at: string;
}

/**
 * What a request's anomaly flags judge it against, in one statement (it runs inside the creation's
 * and the redemption's transactions, where each round trip counts), each part on an index with a
 * bound:
 * - the vehicle's latest completed fills, newest first, on fuel_requests_vehicle_redeemed (0013); a
 *   request being redeemed is not among them: it completes after its flags are judged;
 * - when the vehicle's latest other request, not rejected, was made (fuel_requests_vehicle, 0006):
 *   before a given request's creation, or before now (null) for a request being made;
 * - `stationMedianPrice`, the prices module's expression for the station's median price.
 *
 * The fills' status and bound are written into the SQL, not sent as parameters: the statement is
 * prepared once per connection, and a plan made for `status = $n` cannot use the index for
 * completed fills (a partial index), so PostgreSQL planned it afresh at every execution (~0.3 ms of
 * its CPU in every redemption, against 0.08 ms to run it).
 */
export function flagHistory(
  db: Database,
  vehicleId: string,
  before: { id: string; createdAt: Date } | null,
  stationMedianPrice: RawBuilder<string | null>,
) {
  return db
    .selectNoFrom((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('fuel_requests')
          .select(['odometer', 'volume', 'dispensed_volume', 'redeemed_at'])
          .where('vehicle_id', '=', vehicleId)
          .where('status', '=', sql.lit('COMPLETED'))
          .orderBy('redeemed_at', 'desc')
          .limit(sql.lit(FLAG_HISTORY_FILLS)),
      )
        .$castTo<FlagHistoryFill[]>()
        .as('fills'),
      eb
        .selectFrom('fuel_requests')
        .select('created_at')
        .where('vehicle_id', '=', vehicleId)
        .where('status', '!=', sql.lit('REJECTED'))
        .$if(before !== null, (q) => q.where('created_at', '<=', before?.createdAt as Date).where('id', '!=', before?.id as string))
        .orderBy('created_at', 'desc')
        .limit(1)
        .as('previous_request_at'),
      stationMedianPrice.as('station_median_price_kobo'),
    ])
    .executeTakeFirstOrThrow();
}

/** Whether the request's vehicle or driver is frozen, and why (issue 44): subselects of a lock statement. */
export const freezeColumns = [
  sql<string | null>`(SELECT v.frozen_reason FROM vehicles v WHERE v.id = r.vehicle_id)`.as('vehicle_frozen_reason'),
  sql<string | null>`(SELECT u.frozen_reason FROM users u WHERE u.id = r.driver_id)`.as('driver_frozen_reason'),
  sql<string | null>`(SELECT u.name FROM users u WHERE u.id = r.driver_id)`.as('driver_name'),
];

/** The request row, locked until the transaction ends, so that one decision or redemption wins. */
export function lockFuelRequest(db: Database, id: string) {
  return db
    .selectFrom('fuel_requests as r')
    .selectAll('r')
    .select(freezeColumns)
    .where('r.id', '=', id)
    .forNoKeyUpdate('r')
    .executeTakeFirst();
}

export type LockedFuelRequest = NonNullable<Awaited<ReturnType<typeof lockFuelRequest>>>;

/** A request's row as a write left it (the writes return it, so that its webhook needs no second read). */
export type FuelRequestRecord = Selectable<DB['fuel_requests']>;

/**
 * Litres a group has already committed on a day: approved requests' volumes and completed ones'
 * dispensed volumes, for every vehicle now in the group.
 */
export async function groupVolumeOn(db: Database, departmentId: string, supplyDate: string, exceptRequestId: string): Promise<number> {
  const row = await db
    .selectFrom('fuel_requests as r')
    .innerJoin('vehicles as v', 'v.id', 'r.vehicle_id')
    .select(sql<string>`coalesce(sum(CASE WHEN r.status = 'COMPLETED' THEN r.dispensed_volume ELSE r.volume END), 0)`.as('litres'))
    .where('v.department_id', '=', departmentId)
    .where('r.supply_date', '=', supplyDate)
    .where('r.status', 'in', ['APPROVED', 'COMPLETED'])
    .where('r.id', '!=', exceptRequestId)
    .executeTakeFirstOrThrow();
  return Number(row.litres);
}

export async function markApproved(
  db: Database,
  id: string,
  values: { approvedBy: string; priceKobo: bigint; holdKobo: bigint; couponCode: string; couponExpiresAt: Date; note: string | null },
): Promise<FuelRequestRecord> {
  return db
    .updateTable('fuel_requests')
    .set({
      status: 'APPROVED',
      approved_by: values.approvedBy,
      approved_at: sql<Date>`now()`,
      approval_note: values.note,
      price_kobo: values.priceKobo.toString(),
      hold_kobo: values.holdKobo.toString(),
      coupon_code: values.couponCode,
      coupon_expires_at: values.couponExpiresAt,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function markRejected(db: Database, id: string, rejectedBy: string, note: string | null): Promise<FuelRequestRecord> {
  return db
    .updateTable('fuel_requests')
    .set({ status: 'REJECTED', rejected_by: rejectedBy, rejected_at: sql<Date>`now()`, rejection_note: note, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The request completed, and its flags queued for review in the same statement (the pump's path is
 * the busiest write, and each statement is a round trip).
 */
export async function markCompleted(
  db: Database,
  id: string,
  values: {
    organizationId: string;
    redeemedBy: string;
    dispensedVolume: number;
    amountKobo: bigint;
    feeKobo: bigint;
    entryId: string;
    odometer: number | null;
    /** Why the reading is left out of `odometer` (and so of efficiency), when it jumps too far. */
    odometerExclusion: string | null;
    flags: RequestFlag[];
  },
): Promise<FuelRequestRecord> {
  return db
    .with('queued_flags', (creator) => flagsInsert(creator, { id, organizationId: values.organizationId }, 'REDEMPTION', values.flags))
    .updateTable('fuel_requests')
    .set({
      status: 'COMPLETED',
      redeemed_by: values.redeemedBy,
      redeemed_at: sql<Date>`now()`,
      dispensed_volume: values.dispensedVolume,
      amount_kobo: values.amountKobo.toString(),
      fee_kobo: values.feeKobo.toString(),
      payment_entry_id: values.entryId,
      ...(values.odometerExclusion !== null
        ? { odometer: null, odometer_excluded: values.odometer, odometer_excluded_reason: values.odometerExclusion }
        : values.odometer !== null
          ? { odometer: values.odometer }
          : {}),
      flags: JSON.stringify(values.flags),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function markExpired(db: Database, id: string): Promise<void> {
  await db
    .updateTable('fuel_requests')
    .set({ status: 'EXPIRED', expired_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Approved coupons past their expiry, locked; rows another instance holds are skipped. */
export function lockExpiredCoupons(db: Database, now: Date, limit: number) {
  return db
    .selectFrom('fuel_requests')
    .select(['id', 'organization_id', 'station_id'])
    .where('status', '=', 'APPROVED')
    .where('coupon_expires_at', '<', now)
    .orderBy('coupon_expires_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** The language of the first of `userIds` who has an account (a coupon's driver, else whoever downloads it); null when none has. */
export async function languageOfFirst(db: Database, userIds: readonly (string | null)[]): Promise<string | null> {
  const ids = userIds.filter((id): id is string => id !== null);
  if (ids.length === 0) return null;
  const rows = await db.selectFrom('users').select(['id', 'language']).where('id', 'in', ids).execute();
  return ids.map((id) => rows.find((row) => row.id === id)?.language).find((language) => language !== undefined) ?? null;
}
