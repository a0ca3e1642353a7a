import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { invalidateKeys } from '@/lib/query-keys';
import { apiKeyKeys } from './query-keys';

export type ApiKeyCreateInput = RouteInput<typeof routes.apiKeys.create>['body'];

export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.list, queryFn: () => callApi(routes.apiKeys.list) });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreateInput) => callApi(routes.apiKeys.create, { body }),
    onSuccess: () => invalidateKeys(queryClient, apiKeyKeys.afterWrite),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(routes.apiKeys.revoke, { params: { id } }),
    onSuccess: () => invalidateKeys(queryClient, apiKeyKeys.afterWrite),
  });
}
