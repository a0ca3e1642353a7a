import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { settingsKeys } from './query-keys';
import { useChoicesQuery } from '@/lib/query-hooks';

export type OrganizationSettingsBody = RouteInput<typeof routes.organizationSettings.update>['body'];

export function useOrganizationSettings() {
  return useQuery({ queryKey: settingsKeys.organization, queryFn: () => callApi(routes.organizationSettings.get) });
}

export function useUpdateOrganizationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizationSettingsBody) => callApi(routes.organizationSettings.update, { body }),
    onSuccess: (reply) => queryClient.setQueryData(settingsKeys.organization, reply),
  });
}

export function useStationChoices(enabled: boolean) {
  return useChoicesQuery(settingsKeys.stationChoices, () => callApi(routes.fuelRequests.stations), enabled);
}

/** The caller's own station's current prices (a station user: the server takes the station from the token). */
export function useOwnStationPrices() {
  return useQuery({
    queryKey: settingsKeys.ownStationPrices,
    queryFn: () => callApi(routes.prices.history, { query: { page: 1, pageSize: 1 } }),
  });
}
