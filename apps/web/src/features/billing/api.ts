import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { idempotencyHeaders } from '@/lib/idempotency';
import { invalidateKeys } from '@/lib/query-keys';
import { billingKeys } from './query-keys';

export type ReserveListQuery = NonNullable<RouteInput<typeof routes.reserves.list>['query']>;
type ReserveCreateBody = RouteInput<typeof routes.reserves.create>['body'];

export function useReserves(query: ReserveListQuery) {
  return useQuery({
    queryKey: billingKeys.reserves.list(query),
    queryFn: () => callApi(routes.reserves.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateReserve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReserveCreateBody) => callApi(routes.reserves.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.reserves.all }),
  });
}

export function useApproveReserve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(routes.reserves.update, { params: { id }, body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.reserves.all }),
  });
}

export function useCurrentSubscription() {
  return useQuery({
    queryKey: billingKeys.subscription,
    queryFn: () => callApi(routes.billing.current),
  });
}

/** The plan's dates and usage changed (a renewal landed): read them again. */
export function useRefreshSubscription() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: billingKeys.subscription });
}

export function useRenewSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) => callApi(routes.billing.renew, { body: {}, headers: idempotencyHeaders(idempotencyKey) }),
    onSuccess: () => invalidateKeys(queryClient, billingKeys.afterRenewal),
    // The renew dialog explains a refusal itself, with the way out (pay by card) beside it.
    meta: { silentError: true },
  });
}

export function usePayRenewalByCard() {
  return useMutation({
    mutationFn: (idempotencyKey: string) => callApi(routes.wallet.makePurchase, { body: {}, headers: idempotencyHeaders(idempotencyKey) }),
  });
}
