import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '../../lib/api-client';
import { idempotencyHeaders } from '../../lib/idempotency';

export type ReserveListQuery = NonNullable<RouteInput<typeof routes.reserves.list>['query']>;
type ReserveCreateBody = RouteInput<typeof routes.reserves.create>['body'];

const reservesKey = ['reserves'] as const;
const subscriptionKey = ['subscription', 'current'] as const;

export function useReserves(query: ReserveListQuery) {
  return useQuery({
    queryKey: [...reservesKey, query],
    queryFn: () => callApi(routes.reserves.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateReserve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReserveCreateBody) => callApi(routes.reserves.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reservesKey }),
  });
}

export function useApproveReserve() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(routes.reserves.update, { params: { id }, body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reservesKey }),
  });
}

export function useCurrentSubscription() {
  return useQuery({
    queryKey: subscriptionKey,
    queryFn: () => callApi(routes.billing.current),
  });
}

/** The plan's dates and usage changed (a renewal landed): read them again. */
export function useRefreshSubscription() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: subscriptionKey });
}

export function useRenewSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) => callApi(routes.billing.renew, { body: {}, headers: idempotencyHeaders(idempotencyKey) }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKey }),
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
        queryClient.invalidateQueries({ queryKey: ['wallet-transactions'] }),
      ]),
    // The renew dialog explains a refusal itself, with the way out (pay by card) beside it.
    meta: { silentError: true },
  });
}

export function usePayRenewalByCard() {
  return useMutation({
    mutationFn: (idempotencyKey: string) => callApi(routes.wallet.makePurchase, { body: {}, headers: idempotencyHeaders(idempotencyKey) }),
  });
}
