import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { invalidateKeys } from '@/lib/query-keys';
import { overrideKeys } from './query-keys';

/** How often the managers' list of waiting overrides is read: an attendant is standing at the pump. */
const PENDING_POLL_MS = 15_000;
/** The waiting overrides shown at once; more than this at one time is unusual. */
const PENDING_PAGE_SIZE = 50;

/** The overrides waiting for a decision, newest first, read afresh every few seconds. */
export function usePendingOverrides(enabled: boolean) {
  return useQuery({
    queryKey: overrideKeys.pending,
    queryFn: () => callApi(routes.overrides.list, { query: { status: 'PENDING', page: 1, pageSize: PENDING_PAGE_SIZE } }),
    enabled,
    refetchInterval: PENDING_POLL_MS,
  });
}

/** Approve (one tap) or decline, with an optional note the attendant reads at the pump. */
export type OverrideDecision = { decision: 'APPROVE' } | { decision: 'DECLINE'; note?: string };

export function useDecideOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OverrideDecision }) => callApi(routes.overrides.decide, { params: { id }, body }),
    // A refusal (another manager decided first) also changes the list.
    onSettled: () => invalidateKeys(queryClient, overrideKeys.afterDecision),
  });
}
