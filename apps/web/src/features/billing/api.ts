import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { idempotencyHeaders } from '@/lib/idempotency';
import { invalidateKeys } from '@/lib/query-keys';
import { billingKeys } from './query-keys';
import { useRefreshingMutation, usePagedQuery } from '@/lib/query-hooks';

export type ReserveListQuery = NonNullable<RouteInput<typeof routes.reserves.list>['query']>;
type ReserveCreateBody = RouteInput<typeof routes.reserves.create>['body'];

export function useReserves(query: ReserveListQuery) {
  return usePagedQuery(billingKeys.reserves.list(query), () => callApi(routes.reserves.list, { query }));
}

export function useCreateReserve() {
  return useRefreshingMutation((body: ReserveCreateBody) => callApi(routes.reserves.create, { body }), [billingKeys.reserves.all]);
}

export function useApproveReserve() {
  return useRefreshingMutation((id: string) => callApi(routes.reserves.update, { params: { id }, body: {} }), [billingKeys.reserves.all]);
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
