import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { supportKeys } from './query-keys';

export type TicketListQuery = NonNullable<RouteInput<typeof routes.support.list>['query']>;

export function useSupportContact() {
  return useQuery({
    queryKey: supportKeys.contact,
    queryFn: () => callApi(routes.support.contact),
    staleTime: 10 * 60_000,
  });
}

export function useTickets(query: TicketListQuery) {
  return useQuery({
    queryKey: supportKeys.tickets.list(query),
    queryFn: () => callApi(routes.support.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(id: string) {
  return useQuery({
    queryKey: supportKeys.tickets.one(id),
    queryFn: () => callApi(routes.support.get, { params: { id } }),
  });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData) => callApi(routes.support.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.tickets.all }),
  });
}

export function useReplyToTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => callApi(routes.support.reply, { params: { id }, body: { message } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.tickets.all }),
  });
}

export function useCloseTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(routes.support.close, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.tickets.all }),
  });
}
