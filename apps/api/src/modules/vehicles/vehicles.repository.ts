/** The assets themselves: their list, views, values, and what deleting one needs. */
import { sql } from 'kysely';
import type { VEHICLE_SORTS } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { listOrder, type SortChoice, type SortExpression } from '../../platform/db/list-order.js';
import type { DB } from '../../platform/db/schema.js';
import { anyOf, containsPattern, pageOffset, vehicleSearchText } from '../../platform/db/search.js';
import { afterCursor, cursorInstant, type NewestFirstCursor } from '../../platform/db/keyset.js';
import { insuranceStatusOf } from './due-vehicles.repository.js';

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
