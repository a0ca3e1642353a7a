import { optionsKey, recordKeys, requestStationsKey, resourceKeys } from '@/lib/query-keys';

const fuel = recordKeys(resourceKeys.fuelRequests);
const maintenance = recordKeys(resourceKeys.maintenance);

/** The cache keys of the request screens' queries, and the roots their writes invalidate. */
export const requestKeys = {
  fuel: {
    all: fuel.all,
    /** The caller's scope, or (`mine`) the requests the caller made. */
    list: <Query>(query: Query, mine: boolean) => [...fuel.all, mine ? 'mine' : 'all', query] as const,
    one: fuel.one,
  },
  maintenance: {
    all: maintenance.all,
    list: <Query>(query: Query) => [...maintenance.all, 'all', query] as const,
    one: maintenance.one,
  },
  stations: requestStationsKey,
  /** The same entry as the Settings screen's: a change saved there reaches the approve dialog at once. */
  organizationSettings: resourceKeys.organizationSettings,
  vehicleOptions: optionsKey(resourceKeys.vehicles),
  /** The same entry as the fleet's own vehicle query: one record, read once. */
  vehicle: recordKeys(resourceKeys.vehicles).one,
  /** Approvals hold money and completions move it: the wallet pages read it afresh. */
  money: [resourceKeys.wallets, resourceKeys.walletTransactions],
};
