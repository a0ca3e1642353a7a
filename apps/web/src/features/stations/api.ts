import { useQueries, useQuery } from '@tanstack/react-query';
import { routes, TENANT_STATUSES, type RouteInput, type SoldFuelType, type TenantStatus } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { stationKeys } from './query-keys';
import { useRefreshingMutation, usePagedQuery } from '@/lib/query-hooks';

export type StationListQuery = NonNullable<RouteInput<typeof routes.fuelStations.list>['query']>;
export type PriceHistoryQuery = NonNullable<RouteInput<typeof routes.prices.history>['query']>;

export function useStations(query: StationListQuery) {
  return usePagedQuery(stationKeys.list(query), () => callApi(routes.fuelStations.list, { query }));
}

export function useStation(id: string | null) {
  return useQuery({
    queryKey: stationKeys.one(id),
    queryFn: () => callApi(routes.fuelStations.get, { params: { id: id ?? '' } }),
    enabled: id !== null,
  });
}

export interface StationCounts {
  total: number;
  byStatus: Record<TenantStatus, number>;
}

/**
 * The stat cards' figures: the list's total, overall and per status. A page of one row is enough,
 * since only `meta.total` is read.
 */
export function useStationCounts(): { data: StationCounts | undefined; isError: boolean } {
  const filters: (TenantStatus | undefined)[] = [undefined, ...TENANT_STATUSES];
  return useQueries({
    queries: filters.map((status) => ({
      queryKey: stationKeys.count(status),
      queryFn: () => callApi(routes.fuelStations.list, { query: { page: 1, pageSize: 1, ...(status ? { status } : {}) } }),
    })),
    combine: (results) => {
      const isError = results.some((result) => result.isError);
      const totals = results.map((result) => result.data?.meta.total);
      if (totals.some((total) => total === undefined)) return { data: undefined, isError };
      const [total = 0, active = 0, inactive = 0, suspended = 0] = totals as number[];
      return { data: { total, byStatus: { ACTIVE: active, INACTIVE: inactive, SUSPENDED: suspended } }, isError };
    },
  });
}

export function useCreateStation() {
  return useRefreshingMutation((body: FormData) => callApi(routes.fuelStations.create, { body }), [stationKeys.all]);
}

export function useUpdateStation() {
  return useRefreshingMutation(
    ({ id, body }: { id: string; body: FormData }) => callApi(routes.fuelStations.update, { params: { id }, body }),
    [stationKeys.all],
  );
}

/** A station's current prices and its price history (the platform admin names the station). */
export function usePrices(query: PriceHistoryQuery) {
  return usePagedQuery(stationKeys.prices.history(query), () => callApi(routes.prices.history, { query }));
}

export function useUpdatePrice() {
  return useRefreshingMutation(
    (body: { pricePerLitre: number; fuelType: SoldFuelType }) => callApi(routes.prices.update, { body }),
    [stationKeys.prices.all],
  );
}
