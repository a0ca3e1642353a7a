/**
 * The platform admin's choice of client organization (list filters, forms, Analytics, Reports): the
 * first page of 100, one cache entry shared by every page that offers the choice.
 */
import { routes } from '@fleetfuel/contract';
import { callApi } from './api-client';
import { optionsKey, resourceKeys } from './query-keys';
import { useChoicesQuery } from './query-hooks';

const ORGANIZATION_OPTIONS_PAGE_SIZE = 100;

export function useOrganizationChoices(enabled: boolean) {
  return useChoicesQuery(
    optionsKey(resourceKeys.organizations),
    () => callApi(routes.organizations.list, { query: { page: 1, pageSize: ORGANIZATION_OPTIONS_PAGE_SIZE } }),
    enabled,
  );
}
