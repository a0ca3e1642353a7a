import { useQuery } from '@tanstack/react-query';
import { routes, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { supportKeys } from './query-keys';
import { useRefreshingMutation, usePagedQuery } from '@/lib/query-hooks';

export type TicketListQuery = NonNullable<RouteInput<typeof routes.support.list>['query']>;

export function useSupportContact() {
  return useQuery({
    queryKey: supportKeys.contact,
    queryFn: () => callApi(routes.support.contact),
    staleTime: 10 * 60_000,
  });
}

export function useTickets(query: TicketListQuery) {
  return usePagedQuery(supportKeys.tickets.list(query), () => callApi(routes.support.list, { query }));
}

export function useTicket(id: string) {
  return useQuery({
    queryKey: supportKeys.tickets.one(id),
    queryFn: () => callApi(routes.support.get, { params: { id } }),
  });
}

export function useCreateTicket() {
  return useRefreshingMutation((body: FormData) => callApi(routes.support.create, { body }), [supportKeys.tickets.all]);
}

export function useReplyToTicket(id: string) {
  return useRefreshingMutation(
    (message: string) => callApi(routes.support.reply, { params: { id }, body: { message } }),
    [supportKeys.tickets.all],
  );
}

export function useCloseTicket(id: string) {
  return useRefreshingMutation(() => callApi(routes.support.close, { params: { id } }), [supportKeys.tickets.all]);
}
