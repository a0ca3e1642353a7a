import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { invalidateKeys } from '@/lib/query-keys';
import { webhookKeys } from './query-keys';

export type WebhookCreateInput = RouteInput<typeof routes.webhooks.create>['body'];

/** Deliveries are shown a page at a time. */
export const DELIVERIES_PAGE_SIZE = 10;

export function useWebhooks() {
  return useQuery({ queryKey: webhookKeys.list, queryFn: () => callApi(routes.webhooks.list) });
}

export function useWebhookDeliveries(id: string, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id, page),
    queryFn: () => callApi(routes.webhooks.deliveries, { params: { id }, query: { page, pageSize: DELIVERIES_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookCreateInput) => callApi(routes.webhooks.create, { body }),
    onSuccess: () => invalidateKeys(queryClient, webhookKeys.afterWrite),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(routes.webhooks.remove, { params: { id } }),
    onSuccess: () => invalidateKeys(queryClient, webhookKeys.afterWrite),
  });
}
