import { describe, expect, it } from 'vitest';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { invalidateKeys, optionsKey, recordKeys, resourceKeys } from './query-keys';

function cacheWith(...keys: QueryKey[]): QueryClient {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { rows: [] });
  return client;
}
const isStale = (client: QueryClient, key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;

describe('resource keys', () => {
  it('puts a list page, a record and the choice list under the resource root', () => {
    const vehicles = recordKeys(resourceKeys.vehicles);
    expect(vehicles.list({ page: 2 })).toEqual(['vehicles', 'list', { page: 2 }]);
    expect(vehicles.one('v1')).toEqual(['vehicles', 'one', 'v1']);
    expect(optionsKey(resourceKeys.vehicles)).toEqual(['vehicles', 'options']);
  });

  it('invalidates every query under each named root and no other', async () => {
    const vehicles = recordKeys(resourceKeys.vehicles);
    const drivers = recordKeys(resourceKeys.drivers);
    const plans = recordKeys(resourceKeys.plans);
    const client = cacheWith(vehicles.list({ page: 1 }), vehicles.one('v1'), drivers.list({ page: 1 }), plans.list({ page: 1 }));

    await invalidateKeys(client, [resourceKeys.vehicles, resourceKeys.drivers]);

    expect(isStale(client, vehicles.list({ page: 1 }))).toBe(true);
    expect(isStale(client, vehicles.one('v1'))).toBe(true);
    expect(isStale(client, drivers.list({ page: 1 }))).toBe(true);
    expect(isStale(client, plans.list({ page: 1 }))).toBe(false);
  });

  it('gives every resource a root of its own, none the prefix of another', () => {
    const roots = Object.values(resourceKeys).map((root) => root.join('/'));
    for (const root of roots) {
      expect(roots.filter((other) => other === root || other.startsWith(`${root}/`))).toEqual([root]);
    }
  });
});
