import type { TenantStatus } from '@fleetfuel/contract';
import { recordKeys, resourceKeys } from '@/lib/query-keys';

const stations = recordKeys(resourceKeys.fuelStations);

/** The cache keys of the Fuel Stations screens' queries. */
export const stationKeys = {
  ...stations,
  /** The stat cards' totals, overall (`undefined`) and per status. */
  count: (status: TenantStatus | undefined) => [...stations.all, 'count', status ?? 'ALL'] as const,
  prices: {
    all: resourceKeys.fuelPrices,
    history: <Query>(query: Query) => [...resourceKeys.fuelPrices, query] as const,
  },
};
