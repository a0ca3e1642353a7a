import { useQuery } from '@tanstack/react-query';
import { routes, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { apiKeyKeys } from './query-keys';
import { useRefreshingMutation } from '@/lib/query-hooks';

export type ApiKeyCreateInput = RouteInput<typeof routes.apiKeys.create>['body'];

export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.list, queryFn: () => callApi(routes.apiKeys.list) });
}

export function useCreateApiKey() {
  return useRefreshingMutation((body: ApiKeyCreateInput) => callApi(routes.apiKeys.create, { body }), apiKeyKeys.afterWrite);
}

export function useRevokeApiKey() {
  return useRefreshingMutation((id: string) => callApi(routes.apiKeys.revoke, { params: { id } }), apiKeyKeys.afterWrite);
}
