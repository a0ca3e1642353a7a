import { useQuery } from '@tanstack/react-query';
import { routes, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { webhookKeys } from './query-keys';
import { useRefreshingMutation, usePagedQuery } from '@/lib/query-hooks';

export type WebhookCreateInput = RouteInput<typeof routes.webhooks.create>['body'];

/** Deliveries are shown a page at a time. */
export const DELIVERIES_PAGE_SIZE = 10;

export function useWebhooks() {
  return useQuery({ queryKey: webhookKeys.list, queryFn: () => callApi(routes.webhooks.list) });
}

export function useWebhookDeliveries(id: string, page: number) {
  return usePagedQuery(webhookKeys.deliveries(id, page), () =>
    callApi(routes.webhooks.deliveries, { params: { id }, query: { page, pageSize: DELIVERIES_PAGE_SIZE } }),
  );
}

export function useCreateWebhook() {
  return useRefreshingMutation((body: WebhookCreateInput) => callApi(routes.webhooks.create, { body }), webhookKeys.afterWrite);
}

export function useDeleteWebhook() {
  return useRefreshingMutation((id: string) => callApi(routes.webhooks.remove, { params: { id } }), webhookKeys.afterWrite);
}
