import { routes, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { messageKeys } from './query-keys';
import { useRefreshingMutation, usePagedQuery } from '@/lib/query-hooks';

export type MessageListInput = NonNullable<RouteInput<typeof routes.outbox.list>['query']>;

export function useMessages(query: MessageListInput) {
  return usePagedQuery(messageKeys.list(query), () => callApi(routes.outbox.list, { query }));
}

export function useResendMessage() {
  return useRefreshingMutation((id: string) => callApi(routes.outbox.resend, { params: { id } }), [messageKeys.all]);
}
