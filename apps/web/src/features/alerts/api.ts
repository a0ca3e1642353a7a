import { useQuery } from '@tanstack/react-query';
// The alerts' routes alone: the bell is in the signed-in frame, on every first screen, and the
// contract's whole route table (every schema of the app) would come with it (issue 16).
import { alertRoutes } from '@fleetfuel/contract/routes/alerts.routes';
import { callApi } from '@/lib/api-client';
import { alertKeys } from './query-keys';

/** How often the bell asks again: the alerts follow dates and balances that other screens change. */
const ALERTS_REFRESH_MS = 5 * 60_000;

export function useAlerts() {
  return useQuery({
    queryKey: alertKeys.list(),
    queryFn: () => callApi(alertRoutes.list, {}),
    refetchInterval: ALERTS_REFRESH_MS,
  });
}
