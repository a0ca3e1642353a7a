import { resourceKeys } from '@/lib/query-keys';

/** The cache keys of the Analytics screen's own queries (the overview's are in lib/analytics-overview.ts). */
export const analyticsKeys = {
  /** Under the fuel requests' root: a request's change of status moves these counts. */
  fuelRequestCount: (status: string) => [...resourceKeys.fuelRequests, 'all', 'count', status] as const,
};
