import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { pageWithTotal } from '../../platform/db/page-with-total.js';

function priceViews(db: Database) {
  return db
    .selectFrom('fuel_prices as fp')
    .leftJoin('users as u', 'u.id', 'fp.set_by')
    .select(['fp.id', 'fp.fuel_station_id', 'fp.fuel_type', 'fp.price_kobo', 'fp.created_at', 'fp.set_by', 'u.name as set_by_name']);
}

export type PriceRow = Awaited<ReturnType<typeof listPriceHistory>>['rows'][number];

export function findStationForPricing(db: Database, stationId: string) {
  return db.selectFrom('fuel_stations').select(['id', 'name', 'available_fuels']).where('id', '=', stationId).executeTakeFirst();
}

export async function insertPrice(db: Database, values: { stationId: string; fuelType: string; priceKobo: bigint; setBy: string }) {
  const row = await db
    .insertInto('fuel_prices')
    .values({
      fuel_station_id: values.stationId,
      fuel_type: values.fuelType,
      price_kobo: values.priceKobo.toString(),
      set_by: values.setBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return priceViews(db).where('fp.id', '=', row.id).executeTakeFirstOrThrow();
}

/** The latest price of each fuel at each of the given stations. */
export function currentPrices(db: Database, stationIds: readonly string[]) {
  if (stationIds.length === 0) return Promise.resolve([]);
  return priceViews(db)
    .distinctOn(['fp.fuel_station_id', 'fp.fuel_type'])
    .where('fp.fuel_station_id', 'in', stationIds)
    .orderBy('fp.fuel_station_id')
    .orderBy('fp.fuel_type')
    .orderBy('fp.created_at', 'desc')
    .orderBy(sql`fp.id`)
    .execute();
}

export async function listPriceHistory(
  db: Database,
  filters: { stationId: string; fuelType?: string | undefined; page: number; pageSize: number },
) {
  let query = priceViews(db).where('fp.fuel_station_id', '=', filters.stationId);
  if (filters.fuelType) query = query.where('fp.fuel_type', '=', filters.fuelType);
  return pageWithTotal(query, filters, (q) => q.orderBy('fp.created_at', 'desc').orderBy('fp.id'));
}

export function currentPrice(db: Database, stationId: string, fuelType: string) {
  return db
    .selectFrom('fuel_prices')
    .select(['price_kobo', 'created_at'])
    .where('fuel_station_id', '=', stationId)
    .where('fuel_type', '=', fuelType)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The median price of a fuel at a station over a period: the prices set in it and the one in effect
 * when it began, on the (station, fuel, created_at) index; null when the station never priced it.
 */
export function medianPriceSince(stationId: string, fuelType: string, since: Date) {
  return sql<string | null>`(
    SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY p.price_kobo))::int8 FROM (
      (SELECT price_kobo FROM fuel_prices WHERE fuel_station_id = ${stationId} AND fuel_type = ${fuelType} AND created_at <= ${since}
        ORDER BY created_at DESC LIMIT 1)
      UNION ALL
      SELECT price_kobo FROM fuel_prices WHERE fuel_station_id = ${stationId} AND fuel_type = ${fuelType} AND created_at > ${since}
    ) p
  )`;
}

/** ACTIVE stations, for organizations to choose from. */
export function activeStations(db: Database) {
  return db
    .selectFrom('fuel_stations')
    .select(['id', 'name', 'address', 'state', 'image_key', 'available_fuels', 'status'])
    .where('status', '=', 'ACTIVE')
    .orderBy('name')
    .execute();
}

export function findStation(db: Database, stationId: string) {
  return db
    .selectFrom('fuel_stations')
    .select(['id', 'name', 'address', 'state', 'status', 'available_fuels'])
    .where('id', '=', stationId)
    .executeTakeFirst();
}
