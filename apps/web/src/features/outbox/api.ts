import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { invalidateKeys } from '@/lib/query-keys';
import { messageKeys } from './query-keys';

export type MessageListInput = NonNullable<RouteInput<typeof routes.outbox.list>['query']>;

export function useMessages(query: MessageListInput) {
  return useQuery({
    queryKey: messageKeys.list(query),
    queryFn: () => callApi(routes.outbox.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useResendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(routes.outbox.resend, { params: { id } }),
    onSuccess: () => invalidateKeys(queryClient, [messageKeys.all]),
  });
}
