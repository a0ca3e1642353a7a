import { useQuery } from '@tanstack/react-query';
import { routes } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { alertKeys } from './query-keys';

/** How often the bell asks again: the alerts follow dates and balances that other screens change. */
export const ALERTS_REFRESH_MS = 5 * 60_000;

export function useAlerts() {
  return useQuery({
    queryKey: alertKeys.list(),
    queryFn: () => callApi(routes.alerts.list, {}),
    refetchInterval: ALERTS_REFRESH_MS,
  });
}
