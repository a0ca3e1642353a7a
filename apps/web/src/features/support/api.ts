import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '../../lib/api-client';

export type TicketListQuery = NonNullable<RouteInput<typeof routes.support.list>['query']>;

const ticketsKey = ['support', 'tickets'] as const;

export function useSupportContact() {
  return useQuery({
    queryKey: ['support', 'contact'],
    queryFn: () => callApi(routes.support.contact),
    staleTime: 10 * 60_000,
  });
}

export function useTickets(query: TicketListQuery) {
  return useQuery({
    queryKey: [...ticketsKey, 'list', query],
    queryFn: () => callApi(routes.support.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(id: string) {
  return useQuery({
    queryKey: [...ticketsKey, 'one', id],
    queryFn: () => callApi(routes.support.get, { params: { id } }),
  });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData) => callApi(routes.support.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsKey }),
  });
}

export function useReplyToTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => callApi(routes.support.reply, { params: { id }, body: { message } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsKey }),
  });
}

export function useCloseTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(routes.support.close, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsKey }),
  });
}
