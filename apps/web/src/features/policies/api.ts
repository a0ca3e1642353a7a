/** Calls of the fuel policies screen (issue 44), and the choice lists its form and list read. */
import { useQuery } from '@tanstack/react-query';
import { routes, type FuelPolicyBody } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { policyKeys } from './query-keys';
import { useRefreshingMutation, useChoicesQuery } from '@/lib/query-hooks';

/** The pickers' choice lists: one page of 100, as the other forms read them. */
const OPTIONS_QUERY = { page: 1, pageSize: 100 } as const;
/** The organization's policies; the platform admin names the organization (nothing is read until it does). */
export function usePolicies(organizationId: string | null, enabled = true) {
  return useQuery({
    queryKey: policyKeys.list(organizationId),
    queryFn: () => callApi(routes.fuelPolicies.list, { query: organizationId ? { organizationId } : {} }),
    enabled,
  });
}

/** Each budget's use in its period; the platform admin names the organization. */
export function useBudgetUsage(organizationId: string | null, enabled = true) {
  return useQuery({
    queryKey: policyKeys.usage(organizationId),
    queryFn: () => callApi(routes.fuelPolicies.usage, { query: organizationId ? { organizationId } : {} }),
    enabled,
  });
}

/** Active stations by id, for the names of ALLOWED_STATIONS and its picker. */
export function useStationChoices(enabled = true) {
  return useChoicesQuery(policyKeys.stations, () => callApi(routes.fuelRequests.stations), enabled);
}

export function useGroupChoices(enabled: boolean) {
  return useChoicesQuery(policyKeys.groupOptions, () => callApi(routes.departments.list, { query: OPTIONS_QUERY }), enabled);
}

export function useDriverChoices(enabled: boolean) {
  return useChoicesQuery(policyKeys.driverOptions, () => callApi(routes.drivers.list, { query: OPTIONS_QUERY }), enabled);
}

export function useVehicleChoices(enabled: boolean) {
  return useChoicesQuery(policyKeys.vehicleOptions, () => callApi(routes.vehicles.list, { query: OPTIONS_QUERY }), enabled);
}

export function useCreatePolicy() {
  return useRefreshingMutation((body: FuelPolicyBody) => callApi(routes.fuelPolicies.create, { body }), policyKeys.afterWrite);
}

export function useUpdatePolicy() {
  return useRefreshingMutation(
    ({ id, body }: { id: string; body: FuelPolicyBody }) => callApi(routes.fuelPolicies.update, { params: { id }, body }),
    policyKeys.afterWrite,
  );
}

export function useDeletePolicy() {
  return useRefreshingMutation((id: string) => callApi(routes.fuelPolicies.remove, { params: { id } }), policyKeys.afterWrite);
}
