import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { clientKeys } from './query-keys';

export type OrganizationListQuery = NonNullable<RouteInput<typeof routes.organizations.list>['query']>;

export function useOrganizations(query: OrganizationListQuery) {
  return useQuery({
    queryKey: clientKeys.list(query),
    queryFn: () => callApi(routes.organizations.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useOrganization(id: string | null) {
  return useQuery({
    queryKey: clientKeys.one(id),
    queryFn: () => callApi(routes.organizations.get, { params: { id: id ?? '' } }),
    enabled: id !== null,
  });
}

/** The Clients stat cards, and the platform admin's overview. */
export function useOrganizationAnalytics() {
  return useQuery({
    queryKey: clientKeys.analytics,
    queryFn: () => callApi(routes.organizations.analytics),
  });
}

/** A client's accounts, for its details page. */
export function useOrganizationUsers(organizationId: string | null, page: number) {
  return useQuery({
    queryKey: clientKeys.users(organizationId, page),
    queryFn: () => callApi(routes.users.list, { query: { organizationId: organizationId ?? '', page, pageSize: 10 } }),
    enabled: organizationId !== null,
    placeholderData: keepPreviousData,
  });
}

/** The plan choices of the client form; one page of 100 holds every plan the platform offers. */
export function usePlanOptions(enabled: boolean) {
  return useQuery({
    queryKey: clientKeys.planOptions,
    queryFn: () => callApi(routes.plans.list, { query: { page: 1, pageSize: 100 } }),
    enabled,
    staleTime: 60_000,
  });
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData) => callApi(routes.organizations.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: FormData }) => callApi(routes.organizations.update, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}

export function useDeleteOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(routes.organizations.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
