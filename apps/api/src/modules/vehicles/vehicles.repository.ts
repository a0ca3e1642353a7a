import { sql, type ExpressionBuilder } from 'kysely';
import type { VEHICLE_SORTS } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { listOrder, type SortChoice, type SortExpression } from '../../platform/db/list-order.js';
import type { DB } from '../../platform/db/schema.js';
import { anyOf, containsPattern, pageOffset, vehicleSearchText } from '../../platform/db/search.js';
import { afterCursor, cursorInstant, type NewestFirstCursor } from '../../platform/db/keyset.js';

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

/** How soon an expiring insurance or registration makes an asset due (migration 0032's trigger counts the same 30 days). */
export const EXPIRY_WARNING_DAYS = 30;

/**
 * "Due for maintenance" (the parts and their words: vehicles.service `dueFindings`): an approved
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

function vehicleViews(db: Database, today: string) {
  return db
    .selectFrom('vehicles as v')
    .innerJoin('organizations as o', 'o.id', 'v.organization_id')
    .leftJoin('users as d', 'd.id', 'v.driver_id')
    .leftJoin('departments as g', 'g.id', 'v.department_id')
    .selectAll('v')
    .select([
      'o.name as organization_name',
      'd.name as driver_name',
      'd.phone as driver_phone',
      'd.email as driver_email',
      'g.name as department_name',
    ])
    .select((eb) => insuranceStatusOf(eb, today).as('insurance_status'));
}

export type VehicleRow = NonNullable<Awaited<ReturnType<typeof findVehicle>>>;

export interface VehicleScope {
  /** null: every organization (ADMIN). */
  organizationId: string | null;
  /** Set for a DRIVER, who sees only the vehicle it drives. */
  driverId?: string;
}

export function findVehicle(db: Database, id: string, scope: VehicleScope, today: string) {
  return vehicleViews(db, today)
    .where('v.id', '=', id)
    .$if(scope.organizationId !== null, (q) => q.where('v.organization_id', '=', scope.organizationId as string))
    .$if(scope.driverId !== undefined, (q) => q.where('v.driver_id', '=', scope.driverId as string))
    .executeTakeFirst();
}

export interface VehicleFilters {
  organizationId: string | null;
  search?: string | undefined;
  type?: string | undefined;
  status?: string | undefined;
  departmentId?: string | undefined;
}

/**
 * Ids of the vehicles a term matches by their own text (trigram index) or their driver's name,
 * in one organization or all.
 */
function matchingVehicleIds(db: Database, term: string, organizationId: string | null) {
  const pattern = containsPattern(term);
  const drivers = db
    .selectFrom('users as su')
    .select('su.id')
    .where('su.name', 'ilike', pattern)
    .$if(organizationId !== null, (q) => q.where('su.organization_id', '=', organizationId as string));
  return db
    .selectFrom('vehicles as sv')
    .select('sv.id')
    .where(vehicleSearchText('sv'), 'ilike', pattern)
    .union(db.selectFrom('vehicles as sv').select('sv.id').where('sv.driver_id', 'in', drivers));
}

/** The vehicles that pass a list's filters, on the vehicles table alone: the list and its export share it. */
function filteredVehicles(db: Database, filters: VehicleFilters) {
  let vehicles = db.selectFrom('vehicles as v');
  if (filters.organizationId) vehicles = vehicles.where('v.organization_id', '=', filters.organizationId);
  if (filters.search) vehicles = vehicles.where('v.id', 'in', matchingVehicleIds(db, filters.search, filters.organizationId));
  if (filters.type) vehicles = vehicles.where('v.type', '=', filters.type);
  if (filters.status) vehicles = vehicles.where('v.status', '=', filters.status);
  if (filters.departmentId) vehicles = vehicles.where('v.department_id', '=', filters.departmentId);
  return vehicles;
}

type VehicleSort = (typeof VEHICLE_SORTS)[number];

/**
 * The vehicles list's sortable columns over the vehicles table (`v`) alone: the names of the
 * group, driver and client are scalar subqueries, so that the page of ids is still chosen from the
 * vehicles table and the final query (which joins them) orders its rows the same way. Text sorts
 * ignore case, as a reader of the table expects ("acme" beside "Acme").
 */
const VEHICLE_SORT_COLUMNS: Record<VehicleSort, SortExpression> = {
  plateNumber: sql`lower(v.plate_number)`,
  model: sql`lower(v.model)`,
  type: 'v.type',
  state: sql`lower(v.state)`,
  group: sql`(SELECT lower(sg.name) FROM departments sg WHERE sg.id = v.department_id)`,
  driver: sql`(SELECT lower(sd.name) FROM users sd WHERE sd.id = v.driver_id)`,
  client: sql`(SELECT lower(so.name) FROM organizations so WHERE so.id = v.organization_id)`,
  fuelType: 'v.fuel_type',
  status: 'v.status',
  createdAt: 'v.created_at',
};

/** The order of a page of vehicles: the chosen column, or newest first (the index's order). */
function vehicleOrder(choice: SortChoice<VehicleSort>) {
  return listOrder(VEHICLE_SORT_COLUMNS, choice, sql`v.created_at DESC, v.id`, 'v.id');
}

/**
 * A page of vehicles: the page's ids come from the vehicles table alone, by default in the order
 * of its `(organization_id, created_at DESC, id)` index, and only those rows are joined and have
 * their insurance looked up; both queries order by the same expression.
 */
export async function listVehicles(
  db: Database,
  filters: VehicleFilters & SortChoice<VehicleSort> & { page: number; pageSize: number },
  today: string,
) {
  const vehicles = filteredVehicles(db, filters);
  const order = vehicleOrder(filters);
  const pageIds = vehicles.select('v.id').orderBy(order).limit(filters.pageSize).offset(pageOffset(filters.page, filters.pageSize));
  const [rows, count] = await Promise.all([
    vehicleViews(db, today).where('v.id', '=', anyOf(pageIds)).orderBy(order).execute(),
    vehicles.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** The next `size` vehicles of the list after `after`, in the list's order, for an export. */
export function vehicleBatch(db: Database, filters: VehicleFilters, after: NewestFirstCursor | null, size: number, today: string) {
  const batchIds = filteredVehicles(db, filters)
    .select('v.id')
    .$if(after !== null, (q) => q.where(afterCursor('v.created_at', 'v.id', after as NewestFirstCursor)))
    .orderBy('v.created_at', 'desc')
    .orderBy('v.id')
    .limit(size);
  return vehicleViews(db, today)
    .select(cursorInstant('v.created_at').as('cursor_at'))
    .where('v.id', '=', anyOf(batchIds))
    .orderBy('v.created_at', 'desc')
    .orderBy('v.id')
    .execute();
}

export interface VehicleValues {
  plateNumber?: string | null;
  model?: string;
  make?: string;
  type?: string;
  fuelType?: string;
  departmentId?: string | null;
  registrationNumber?: string | null;
  chasisNumber?: string | null;
  transmissionType?: string | null;
  color?: string | null;
  datePurchase?: string | null;
  registrationState?: string | null;
  registrationExpiry?: string | null;
  year?: number | null;
  state?: string | null;
  securityNumber?: string | null;
  purchasePriceKobo?: bigint | null;
  tankSize?: number | null;
  status?: string;
  imageKey?: string | null;
}

const COLUMN: Record<keyof VehicleValues, keyof DB['vehicles']> = {
  plateNumber: 'plate_number',
  model: 'model',
  make: 'make',
  type: 'type',
  fuelType: 'fuel_type',
  departmentId: 'department_id',
  registrationNumber: 'registration_number',
  chasisNumber: 'chasis_number',
  transmissionType: 'transmission_type',
  color: 'color',
  datePurchase: 'date_purchase',
  registrationState: 'registration_state',
  registrationExpiry: 'registration_expiry',
  year: 'year',
  state: 'state',
  securityNumber: 'security_number',
  purchasePriceKobo: 'purchase_price_kobo',
  tankSize: 'tank_size',
  status: 'status',
  imageKey: 'image_key',
};

function toColumns(values: VehicleValues): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    columns[COLUMN[key as keyof VehicleValues]] = typeof value === 'bigint' ? value.toString() : value;
  }
  return columns;
}

export async function insertVehicle(db: Database, organizationId: string, values: VehicleValues): Promise<string> {
  const row = await db
    .insertInto('vehicles')
    .values({ ...toColumns(values), organization_id: organizationId } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Many assets of one organization in one statement (an import's batch). */
export async function insertVehicles(db: Database, organizationId: string, rows: readonly VehicleValues[]): Promise<void> {
  await db
    .insertInto('vehicles')
    .values(rows.map((values) => ({ ...toColumns(values), organization_id: organizationId })) as never)
    .execute();
}

/** Which of `plates` the organization already has, upper-cased (plates are unique in any case). */
export async function existingPlates(db: Database, organizationId: string, plates: readonly string[]): Promise<Set<string>> {
  if (plates.length === 0) return new Set();
  const rows = await db
    .selectFrom('vehicles')
    .select(sql<string>`upper(plate_number)`.as('plate'))
    .where('organization_id', '=', organizationId)
    .where(
      sql<string>`upper(plate_number)`,
      'in',
      plates.map((plate) => plate.toUpperCase()),
    )
    .execute();
  return new Set(rows.map((row) => row.plate));
}

export async function updateVehicle(db: Database, id: string, values: VehicleValues): Promise<void> {
  await db
    .updateTable('vehicles')
    .set({ ...toColumns(values), updated_at: sql<Date>`now()` } as never)
    .where('id', '=', id)
    .execute();
}

export function findDriverInOrganization(db: Database, driverId: string, organizationId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('vehicles as v', 'v.driver_id', 'u.id')
    .select(['u.id', 'u.name', 'u.status', 'v.id as vehicle_id', 'v.plate_number as vehicle_plate'])
    .where('u.id', '=', driverId)
    .where('u.organization_id', '=', organizationId)
    .where('u.role', '=', 'DRIVER')
    .executeTakeFirst();
}

/** Gives a driverless vehicle its driver; false when the vehicle already has one. */
export async function setDriverIfFree(db: Database, vehicleId: string, driverId: string): Promise<boolean> {
  const result = await db
    .updateTable('vehicles')
    .set({ driver_id: driverId, updated_at: sql<Date>`now()` })
    .where('id', '=', vehicleId)
    .where('driver_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Takes the given driver off the vehicle; false when that driver no longer drives it. */
export async function clearDriver(db: Database, vehicleId: string, driverId: string): Promise<boolean> {
  const result = await db
    .updateTable('vehicles')
    .set({ driver_id: null, updated_at: sql<Date>`now()` })
    .where('id', '=', vehicleId)
    .where('driver_id', '=', driverId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function openAssignment(db: Database, values: { organizationId: string; vehicleId: string; driverId: string; by: string }) {
  await db
    .insertInto('vehicle_assignments')
    .values({ organization_id: values.organizationId, vehicle_id: values.vehicleId, driver_id: values.driverId, assigned_by: values.by })
    .execute();
}

export async function closeAssignment(db: Database, vehicleId: string, by: string) {
  await db
    .updateTable('vehicle_assignments')
    .set({ unassigned_at: sql<Date>`now()`, unassigned_by: by })
    .where('vehicle_id', '=', vehicleId)
    .where('unassigned_at', 'is', null)
    .execute();
}

/** Assignments, insurance policies and requests are history: a vehicle that has any is never deleted. */
export async function vehicleHasHistory(db: Database, id: string): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('vehicle_assignments').select('id').where('vehicle_id', '=', id)).as('assigned'),
      eb.exists(eb.selectFrom('insurance_policies').select('id').where('vehicle_id', '=', id)).as('insured'),
      eb.exists(eb.selectFrom('fuel_requests').select('id').where('vehicle_id', '=', id)).as('fuelled'),
      eb.exists(eb.selectFrom('maintenance_requests').select('id').where('vehicle_id', '=', id)).as('serviced'),
    ])
    .executeTakeFirstOrThrow();
  return Object.values(row).some(Boolean);
}

export async function deleteVehicle(db: Database, id: string): Promise<string | null> {
  const row = await db.deleteFrom('vehicles').where('id', '=', id).returning('image_key').executeTakeFirst();
  return row?.image_key ?? null;
}

/** What a request needs of its vehicle, with its group; locked when the caller approves or redeems. */
export function findVehicleForRequest(db: Database, vehicleId: string, organizationId: string | null, options: { lock: boolean }) {
  return db
    .selectFrom('vehicles as v')
    .leftJoin('departments as g', 'g.id', 'v.department_id')
    .innerJoin('organizations as o', 'o.id', 'v.organization_id')
    .select((eb) => [
      'o.coupon_validity_days',
      'o.allow_expired_insurance',
      'o.require_note_for_flagged_approval',
      eb
        .selectFrom('insurance_policies as ip')
        .select('ip.coverage_end')
        .whereRef('ip.vehicle_id', '=', 'v.id')
        .orderBy('ip.created_at', 'desc')
        .limit(1)
        .as('insurance_end'),
    ])
    .select([
      'v.id',
      'v.organization_id',
      'v.plate_number',
      'v.make',
      'v.model',
      'v.type',
      'v.fuel_type',
      'v.status',
      'v.driver_id',
      'v.tank_size',
      'v.last_odometer',
      'v.department_id',
      'g.name as department_name',
      'g.status as department_status',
      'g.max_daily_consumption',
    ])
    .where('v.id', '=', vehicleId)
    .$if(organizationId !== null, (q) => q.where('v.organization_id', '=', organizationId as string))
    .$if(options.lock, (q) => q.forNoKeyUpdate('v'))
    .executeTakeFirst();
}

/** Records a reading; the odometer never goes back. */
export async function recordOdometer(db: Database, vehicleId: string, reading: number): Promise<void> {
  await db
    .updateTable('vehicles')
    .set({ last_odometer: reading, updated_at: sql<Date>`now()` })
    .where('id', '=', vehicleId)
    .where((eb) => eb.or([eb('last_odometer', 'is', null), eb('last_odometer', '<=', String(reading))]))
    .execute();
}

/**
 * Sets a vehicle's status and returns the one it had (for its audit entry): `old` is the same row
 * joined in, which an UPDATE reads as it was before the statement.
 */
export function setVehicleStatus(db: Database, vehicleId: string, status: string) {
  return db
    .updateTable('vehicles as v')
    .from('vehicles as old')
    .set({ status, updated_at: sql<Date>`now()` })
    .whereRef('old.id', '=', 'v.id')
    .where('v.id', '=', vehicleId)
    .returning(['old.status as before', 'v.organization_id'])
    .executeTakeFirst();
}

/** Locks a group's row so that approvals against its daily cap are counted one after another. */
export function lockDepartment(db: Database, departmentId: string) {
  return db
    .selectFrom('departments')
    .select(['id', 'max_daily_consumption'])
    .where('id', '=', departmentId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** What a windscreen sticker prints of an asset, with its organization's name and the batch cursor. */
function stickerVehicles(db: Database, organizationId: string) {
  return db
    .selectFrom('vehicles as v')
    .innerJoin('organizations as o', 'o.id', 'v.organization_id')
    .select(['v.id', 'v.organization_id', 'v.plate_number', 'v.make', 'v.model', 'o.name as organization_name'])
    .where('v.organization_id', '=', organizationId);
}

export type StickerVehicleRow = NonNullable<Awaited<ReturnType<typeof findStickerVehicle>>>;

export function findStickerVehicle(db: Database, id: string, organizationId: string) {
  return stickerVehicles(db, organizationId).where('v.id', '=', id).executeTakeFirst();
}

/**
 * One batch of the assets a sticker sheet prints, newest first after `after`: the `ids` asked for
 * (any status), or every asset still in use. Only the organization's own: an id of another is not read.
 */
export function stickerVehicleBatch(
  db: Database,
  scope: { organizationId: string; ids: readonly string[] | null },
  after: NewestFirstCursor | null,
  size: number,
) {
  return stickerVehicles(db, scope.organizationId)
    .select(cursorInstant('v.created_at').as('cursor_at'))
    .$if(scope.ids !== null, (q) => q.where('v.id', 'in', scope.ids as string[]))
    .$if(scope.ids === null, (q) => q.where('v.status', '<>', 'INACTIVE'))
    .$if(after !== null, (q) => q.where(afterCursor('v.created_at', 'v.id', after as NewestFirstCursor)))
    .orderBy('v.created_at', 'desc')
    .orderBy('v.id')
    .limit(size)
    .execute();
}
