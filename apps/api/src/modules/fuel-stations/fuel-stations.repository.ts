import { sql, type ExpressionBuilder } from 'kysely';
import type { STATION_SORTS } from '@fleetfuel/contract';
import type { DB } from '../../platform/db/schema.js';
import type { Database } from '../../platform/db/database.js';
import { listOrder, type SortChoice, type SortExpression } from '../../platform/db/list-order.js';
import { containsPattern } from '../../platform/db/search.js';
import { pageWithTotal } from '../../platform/db/page-with-total.js';

const COLUMNS = [
  'f.id',
  'f.name',
  'f.address',
  'f.state',
  'f.latitude',
  'f.longitude',
  'f.status',
  'f.image_key',
  'f.available_fuels',
  'f.opens_at',
  'f.closes_at',
  'f.created_at',
] as const;

/** Distinct vehicles and requesters served at the station (completed fuel redemptions). */
function servedCounts(eb: ExpressionBuilder<DB & { f: DB['fuel_stations'] }, 'f'>) {
  const served = (column: 'vehicle_id' | 'requested_by') =>
    eb
      .selectFrom('fuel_requests as served')
      .select(sql<string>`count(DISTINCT ${sql.ref(`served.${column}`)})`.as('n'))
      .whereRef('served.station_id', '=', 'f.id')
      .where('served.status', '=', 'COMPLETED');
  return [served('vehicle_id').as('vehicles_count'), served('requested_by').as('drivers_count')];
}

type StationSort = (typeof STATION_SORTS)[number];

/**
 * The stations list's sortable columns; text ignores case. `address` is the table's Location column.
 */
const STATION_SORT_COLUMNS: Record<StationSort, SortExpression> = {
  name: sql`lower(f.name)`,
  address: sql`lower(f.address)`,
  status: 'f.status',
  createdAt: 'f.created_at',
};

export interface FuelStationFilters extends SortChoice<StationSort> {
  search?: string | undefined;
  status?: string | undefined;
  /** Only stations that joined in [from, until). */
  createdWithin?: { from?: Date; until?: Date };
  page: number;
  pageSize: number;
}

export async function listFuelStations(db: Database, filters: FuelStationFilters) {
  let query = db.selectFrom('fuel_stations as f');
  if (filters.search) {
    query = query.where(sql<string>`f.name || ' ' || coalesce(f.address, '')`, 'ilike', containsPattern(filters.search));
  }
  if (filters.status) query = query.where('f.status', '=', filters.status);
  if (filters.createdWithin?.from) query = query.where('f.created_at', '>=', filters.createdWithin.from);
  if (filters.createdWithin?.until) query = query.where('f.created_at', '<', filters.createdWithin.until);
  return pageWithTotal(query, filters, (q) =>
    q
      .select(COLUMNS)
      .select(servedCounts)
      .orderBy(listOrder(STATION_SORT_COLUMNS, filters, sql`f.created_at DESC, f.id`, 'f.id')),
  );
}

export function findFuelStation(db: Database, id: string) {
  return db.selectFrom('fuel_stations as f').select(COLUMNS).select(servedCounts).where('f.id', '=', id).executeTakeFirst();
}

export type FuelStationRow = NonNullable<Awaited<ReturnType<typeof findFuelStation>>>;

export interface FuelStationValues {
  name: string;
  address: string | null;
  state: string | null;
  latitude: number | null;
  longitude: number | null;
  status: string;
  availableFuels: string[];
  opensAt: string | null;
  closesAt: string | null;
  imageKey?: string | null;
}

export async function insertFuelStation(db: Database, values: FuelStationValues): Promise<string> {
  const row = await db
    .insertInto('fuel_stations')
    .values({
      name: values.name,
      address: values.address,
      state: values.state,
      latitude: values.latitude,
      longitude: values.longitude,
      status: values.status,
      available_fuels: values.availableFuels,
      opens_at: values.opensAt,
      closes_at: values.closesAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateFuelStation(db: Database, id: string, patch: Partial<FuelStationValues>): Promise<void> {
  await db
    .updateTable('fuel_stations')
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.address !== undefined ? { address: patch.address } : {}),
      ...(patch.state !== undefined ? { state: patch.state } : {}),
      ...(patch.latitude !== undefined ? { latitude: patch.latitude } : {}),
      ...(patch.longitude !== undefined ? { longitude: patch.longitude } : {}),
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.availableFuels !== undefined ? { available_fuels: patch.availableFuels } : {}),
      ...(patch.opensAt !== undefined ? { opens_at: patch.opensAt } : {}),
      ...(patch.closesAt !== undefined ? { closes_at: patch.closesAt } : {}),
      ...(patch.imageKey !== undefined ? { image_key: patch.imageKey } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** Anything recorded under the station that must outlive it: its people, prices and requests. */
export async function fuelStationHasHistory(db: Database, id: string): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('users').select('id').where('fuel_station_id', '=', id)).as('has_users'),
      eb.exists(eb.selectFrom('fuel_prices').select('id').where('fuel_station_id', '=', id)).as('has_prices'),
      eb.exists(eb.selectFrom('fuel_requests').select('id').where('station_id', '=', id)).as('has_fuel_requests'),
      eb.exists(eb.selectFrom('maintenance_requests').select('id').where('station_id', '=', id)).as('has_maintenance'),
    ])
    .executeTakeFirstOrThrow();
  return Object.values(row).some(Boolean);
}

/** Unlinks the image so that the station's file records can go before it does. */
export async function unlinkImage(db: Database, id: string): Promise<void> {
  await db.updateTable('fuel_stations').set({ image_key: null }).where('id', '=', id).execute();
}

export async function deleteFuelStation(db: Database, id: string): Promise<void> {
  await db.deleteFrom('fuel_stations').where('id', '=', id).execute();
}
