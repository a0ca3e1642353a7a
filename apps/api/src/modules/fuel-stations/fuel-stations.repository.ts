import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { containsPattern, pageOffset } from '../../platform/db/search.js';

export async function listFuelStations(
  db: Database,
  filters: { search?: string | undefined; status?: string | undefined; page: number; pageSize: number },
) {
  let query = db.selectFrom('fuel_stations as f');
  if (filters.search) {
    query = query.where(sql<string>`f.name || ' ' || coalesce(f.address, '')`, 'ilike', containsPattern(filters.search));
  }
  if (filters.status) query = query.where('f.status', '=', filters.status);
  const [rows, count] = await Promise.all([
    query
      .select(['f.id', 'f.name', 'f.address', 'f.latitude', 'f.longitude', 'f.status', 'f.image_key', 'f.available_fuels', 'f.created_at'])
      .orderBy('f.created_at', 'desc')
      .orderBy('f.id')
      .limit(filters.pageSize)
      .offset(pageOffset(filters.page, filters.pageSize))
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export type FuelStationRow = Awaited<ReturnType<typeof listFuelStations>>['rows'][number];
