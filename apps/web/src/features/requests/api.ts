import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { routes, type RouteBody, type RouteInput } from '@fleetfuel/contract';
import { notifyDownloaded } from '@/lib/toast';
import { callApi } from '@/lib/api-client';
import { fetchFile, saveFile } from '@/lib/download';
import { idempotencyHeaders } from '@/lib/idempotency';
import { invalidateKeys } from '@/lib/query-keys';
import { requestKeys } from './query-keys';
import { useRefreshingMutation, usePagedQuery, useChoicesQuery } from '@/lib/query-hooks';

export type RequestListQuery = NonNullable<RouteInput<typeof routes.fuelRequests.allRequests>['query']>;
export type MaintenanceListQuery = NonNullable<RouteInput<typeof routes.maintenance.allRequests>['query']>;
export type FuelRequestCreateBody = RouteBody<typeof routes.fuelRequests.create>;
export type MaintenanceCreateBody = RouteBody<typeof routes.maintenance.create>;

function refreshMoney(queryClient: QueryClient) {
  return invalidateKeys(queryClient, requestKeys.money);
}

/** Fuel requests in the caller's scope, or (`mine`) the ones the caller made. */
export function useFuelRequests(query: RequestListQuery, mine = false) {
  return usePagedQuery(requestKeys.fuel.list(query, mine), () =>
    callApi(mine ? routes.fuelRequests.myRequests : routes.fuelRequests.allRequests, { query }),
  );
}

export function useStationOptions(enabled = true) {
  return useChoicesQuery(requestKeys.stations, () => callApi(routes.fuelRequests.stations), enabled);
}

/**
 * The organization's preferences, for its approval rules (a note for a flagged request). Only the
 * organization admin approves (requests.approve), and every organization member may read the
 * settings (organization.read), so the approve dialog reads them here rather than the API
 * repeating the rule on every request reply.
 */
export function useOrganizationApprovalRules(enabled: boolean) {
  return useQuery({
    queryKey: requestKeys.organizationSettings,
    queryFn: () => callApi(routes.organizationSettings.get),
    enabled,
    select: (reply) => ({ requireNoteForFlaggedApproval: reply.settings.requireNoteForFlaggedApproval }),
  });
}

/** The choices of a request form; one page of 100 covers a fleet until the select gets a search. */
export function useVehicleOptions(enabled: boolean) {
  return useChoicesQuery(requestKeys.vehicleOptions, () => callApi(routes.vehicles.list, { query: { page: 1, pageSize: 100 } }), enabled);
}

/** One vehicle (a driver reads its own: its tank size bounds the volume). */
export function useVehicle(id: string | null) {
  return useQuery({
    queryKey: requestKeys.vehicle(id),
    queryFn: () => callApi(routes.vehicles.get, { params: { id: id ?? '' } }),
    enabled: id !== null,
    staleTime: 60_000,
  });
}

export function useCreateFuelRequest() {
  return useRefreshingMutation((body: FuelRequestCreateBody) => callApi(routes.fuelRequests.create, { body }), [requestKeys.fuel.all]);
}

export function useApproveFuelRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    /** `note` may be blank: the server stores none, unless the organization requires one for a flagged request. */
    mutationFn: ({ id, note }: { id: string; note: string }) => callApi(routes.fuelRequests.approve, { params: { id }, body: { note } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: requestKeys.fuel.all });
      await refreshMoney(queryClient);
    },
  });
}

export function useRejectFuelRequest() {
  return useRefreshingMutation(
    ({ id, note }: { id: string; note: string }) => callApi(routes.fuelRequests.reject, { params: { id }, body: { note } }),
    [requestKeys.fuel.all],
  );
}

export function useMaintenanceRequests(query: MaintenanceListQuery) {
  return usePagedQuery(requestKeys.maintenance.list(query), () => callApi(routes.maintenance.allRequests, { query }));
}

export function useCreateMaintenance() {
  return useRefreshingMutation(
    (body: MaintenanceCreateBody) => callApi(routes.maintenance.create, { body }),
    [requestKeys.maintenance.all],
  );
}

export function useApproveMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(routes.maintenance.approve, { params: { id } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: requestKeys.maintenance.all });
      await refreshMoney(queryClient);
    },
  });
}

export function useRejectMaintenance() {
  return useRefreshingMutation(
    ({ id, note }: { id: string; note: string }) => callApi(routes.maintenance.reject, { params: { id }, body: { note } }),
    [requestKeys.maintenance.all],
  );
}

/** The organization admin closes a job no station services; `finalCost` omitted keeps the approved cost. */
export function useCompleteMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, finalCost, key }: { id: string; finalCost: number | null; key: string }) =>
      callApi(routes.maintenance.complete, {
        params: { id },
        body: finalCost === null ? {} : { finalCost },
        headers: idempotencyHeaders(key),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: requestKeys.maintenance.all });
      await refreshMoney(queryClient);
    },
  });
}

/** Fetches and saves a fuel coupon or a work order; a failure reaches the user as an error toast. */
export function useDocumentDownload() {
  return useMutation({
    mutationFn: async ({ kind, id }: { kind: 'fuel' | 'maintenance'; id: string }) => {
      const file =
        kind === 'fuel'
          ? await fetchFile(routes.fuelRequests.generateCoupon, { id }, 'fuel-coupon.pdf')
          : await fetchFile(routes.maintenance.generateCoupon, { id }, 'work-order.pdf');
      saveFile(file);
      return file.filename;
    },
    // One toast per file: a second click on the same coupon does not stack another.
    onSuccess: notifyDownloaded,
  });
}

/** One fuel request or maintenance job by id, for the generic details page. */
export function useRequestRecord(kind: 'fuel' | 'maintenance', id: string) {
  return useQuery({
    queryKey: (kind === 'fuel' ? requestKeys.fuel : requestKeys.maintenance).one(id),
    queryFn: async () =>
      kind === 'fuel'
        ? ({ kind, request: await callApi(routes.fuelRequests.single, { params: { id } }) } as const)
        : ({ kind, request: await callApi(routes.maintenance.single, { params: { id } }) } as const),
    // A missing or foreign record answers 404 at once; asking again changes nothing.
    retry: false,
  });
}
