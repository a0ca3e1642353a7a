/** Partner fuel stations. This issue lists them for the user form; the admin pages come next. */
import type { FuelStation, ListQuery, SoldFuelType, TenantStatus } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { fileUrl } from '../../platform/files/urls.js';
import * as repository from './fuel-stations.repository.js';
import type { FuelStationRow } from './fuel-stations.repository.js';

function toFuelStation(row: FuelStationRow): FuelStation {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    status: row.status as TenantStatus,
    imageUrl: fileUrl(row.image_key),
    availableFuels: row.available_fuels as SoldFuelType[],
    createdAt: row.created_at.toISOString(),
  };
}

export interface FuelStationsService {
  list(filters: ListQuery & { status?: TenantStatus }): Promise<{ data: FuelStation[]; total: number }>;
}

export function createFuelStationsService(deps: { db: Database }): FuelStationsService {
  return {
    async list(filters) {
      const { rows, total } = await repository.listFuelStations(deps.db, filters);
      return { data: rows.map(toFuelStation), total };
    },
  };
}
