import { describe, expect, it } from 'vitest';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { invalidateKeys, recordKeys, resourceKeys } from '@/lib/query-keys';
import { fleetKeys } from './query-keys';

function cacheWith(...keys: QueryKey[]): QueryClient {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { rows: [] });
  return client;
}
const isStale = (client: QueryClient, key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;

describe('fleet query keys', () => {
  it("refreshes an asset's history when the request screens change fuel requests or maintenance jobs", async () => {
    const fuelLogs = fleetKeys.vehicleFuelLogs('v1', 1);
    const maintenanceLogs = fleetKeys.vehicleMaintenanceLogs('v1', 1);
    const client = cacheWith(fuelLogs, maintenanceLogs);

    await invalidateKeys(client, [resourceKeys.fuelRequests]);
    expect(isStale(client, fuelLogs)).toBe(true);
    expect(isStale(client, maintenanceLogs)).toBe(false);

    await invalidateKeys(client, [resourceKeys.maintenance]);
    expect(isStale(client, maintenanceLogs)).toBe(true);
  });

  it("refreshes the whole registry and the Clients screen's counts after any registry write", async () => {
    const clientsPage = recordKeys(resourceKeys.organizations).list({ page: 1 });
    const views = [
      fleetKeys.vehicles.list({ page: 1 }),
      fleetKeys.drivers.list({ page: 1 }),
      fleetKeys.departments.list({ page: 1 }),
      clientsPage,
    ];
    const client = cacheWith(...views);

    await invalidateKeys(client, fleetKeys.afterWrite);

    for (const view of views) expect(isStale(client, view)).toBe(true);
  });
});
