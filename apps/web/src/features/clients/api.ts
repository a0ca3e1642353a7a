import { useQuery } from '@tanstack/react-query';
import { routes, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { clientKeys } from './query-keys';
import { useRefreshingMutation, usePagedQuery, useChoicesQuery } from '@/lib/query-hooks';

export type OrganizationListQuery = NonNullable<RouteInput<typeof routes.organizations.list>['query']>;

export function useOrganizations(query: OrganizationListQuery) {
  return usePagedQuery(clientKeys.list(query), () => callApi(routes.organizations.list, { query }));
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
  return usePagedQuery(
    clientKeys.users(organizationId, page),
    () => callApi(routes.users.list, { query: { organizationId: organizationId ?? '', page, pageSize: 10 } }),
    { enabled: organizationId !== null },
  );
}

/** The plan choices of the client form; one page of 100 holds every plan the platform offers. */
export function usePlanOptions(enabled: boolean) {
  return useChoicesQuery(clientKeys.planOptions, () => callApi(routes.plans.list, { query: { page: 1, pageSize: 100 } }), enabled);
}

export function useCreateOrganization() {
  return useRefreshingMutation((body: FormData) => callApi(routes.organizations.create, { body }), [clientKeys.all]);
}

export function useUpdateOrganization() {
  return useRefreshingMutation(
    ({ id, body }: { id: string; body: FormData }) => callApi(routes.organizations.update, { params: { id }, body }),
    [clientKeys.all],
  );
}

export function useDeleteOrganization() {
  return useRefreshingMutation((id: string) => callApi(routes.organizations.remove, { params: { id } }), [clientKeys.all]);
}
