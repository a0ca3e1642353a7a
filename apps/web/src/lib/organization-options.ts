/**
 * The platform admin's choice of client organization (list filters, forms, Analytics, Reports): the
 * first page of 100, one cache entry shared by every page that offers the choice.
 */
import { useQuery } from '@tanstack/react-query';
import { routes } from '@fleetfuel/contract';
import { callApi } from './api-client';
import { optionsKey, resourceKeys } from './query-keys';

const ORGANIZATION_OPTIONS_PAGE_SIZE = 100;

export function useOrganizationChoices(enabled: boolean) {
  return useQuery({
    queryKey: optionsKey(resourceKeys.organizations),
    queryFn: () => callApi(routes.organizations.list, { query: { page: 1, pageSize: ORGANIZATION_OPTIONS_PAGE_SIZE } }),
    enabled,
    staleTime: 60_000,
  });
}
