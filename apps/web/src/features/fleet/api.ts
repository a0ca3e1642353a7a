/**
 * Calls of the fleet registry: assets, drivers, groups and insurance. Each of these screens shows
 * counts or names that belong to the others (a group's vehicles, a driver's vehicle, a vehicle's
 * driver), so every change refreshes the whole registry rather than guess which list it touched.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { routes, type RouteInput } from '@fleetfuel/contract';
import { notifyDownloaded } from '@/lib/toast';
import { ApiError, callApi } from '@/lib/api-client';
import { fetchFile, saveFile } from '@/lib/download';
import { invalidateKeys } from '@/lib/query-keys';
import { HISTORY_KEY_VEHICLE_INDEX, fleetKeys } from './query-keys';
import { useRefreshingMutation, usePagedQuery } from '@/lib/query-hooks';

export type VehicleListQuery = NonNullable<RouteInput<typeof routes.vehicles.list>['query']>;
export type DriverListQuery = NonNullable<RouteInput<typeof routes.drivers.list>['query']>;
export type DepartmentListQuery = NonNullable<RouteInput<typeof routes.departments.list>['query']>;

function refreshFleet(queryClient: QueryClient) {
  return invalidateKeys(queryClient, fleetKeys.afterWrite);
}

/** The forms' choice lists: one page of 100 covers them until they get a search of their own. */
export const OPTIONS_PAGE_SIZE = 100;

/* Assets */

export function useVehicles(query: VehicleListQuery) {
  return usePagedQuery(fleetKeys.vehicles.list(query), () => callApi(routes.vehicles.list, { query }));
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function useVehicle(id: string | null) {
  return useQuery({
    queryKey: fleetKeys.vehicles.one(id),
    queryFn: () => callApi(routes.vehicles.get, { params: { id: id ?? '' } }),
    enabled: id !== null,
    // Another organization's asset answers 404 like a missing one; the page says so itself.
    meta: { silentError: true },
  });
}

export function useCreateVehicle() {
  return useRefreshingMutation((body: FormData) => callApi(routes.vehicles.create, { body }), fleetKeys.afterWrite);
}

export function useUpdateVehicle() {
  return useRefreshingMutation(
    ({ id, body }: { id: string; body: FormData }) => callApi(routes.vehicles.update, { params: { id }, body }),
    fleetKeys.afterWrite,
  );
}

export function useDeleteVehicle() {
  return useRefreshingMutation((id: string) => callApi(routes.vehicles.remove, { params: { id } }), fleetKeys.afterWrite);
}

export function useAssignDriver() {
  return useRefreshingMutation(
    (body: { driverId: string; vehicleId: string }) => callApi(routes.vehicles.assignDriver, { body }),
    fleetKeys.afterWrite,
  );
}

export function useUnassignDriver() {
  return useRefreshingMutation(
    (vehicleId: string) => callApi(routes.vehicles.unassignDriver, { params: { id: vehicleId } }),
    fleetKeys.afterWrite,
  );
}

/* Insurance */

export function useInsurance(vehicleId: string | null) {
  return useQuery({
    queryKey: fleetKeys.insurance.ofVehicle(vehicleId),
    queryFn: () => callApi(routes.insurance.get, { params: { id: vehicleId ?? '' } }),
    enabled: vehicleId !== null,
  });
}

export function useSaveInsurance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vehicleId, body }: { vehicleId: string; body: FormData }) =>
      callApi(routes.insurance.put, { params: { id: vehicleId }, body }),
    onSuccess: (reply, { vehicleId }) => {
      queryClient.setQueryData(fleetKeys.insurance.ofVehicle(vehicleId), reply.insurance);
      // The asset's own insuranceStatus (badges, table column) follows the new policy.
      return queryClient.invalidateQueries({ queryKey: fleetKeys.vehicles.all });
    },
  });
}

/* Drivers */

export function useDrivers(query: DriverListQuery, enabled = true) {
  return usePagedQuery(fleetKeys.drivers.list(query), () => callApi(routes.drivers.list, { query }), { enabled });
}

/** The drivers a vehicle may be given, for the driver selects (ADMIN names the organization). */
export function useDriverOptions(organizationId: string | undefined, enabled: boolean) {
  return useDrivers({ page: 1, pageSize: OPTIONS_PAGE_SIZE, ...(organizationId ? { organizationId } : {}) }, enabled);
}

export function useCreateDriver() {
  return useRefreshingMutation((body: FormData) => callApi(routes.drivers.create, { body }), fleetKeys.afterWrite);
}

export function useUpdateDriver() {
  return useRefreshingMutation(
    ({ id, body }: { id: string; body: FormData }) => callApi(routes.drivers.update, { params: { id }, body }),
    fleetKeys.afterWrite,
  );
}

export function useDeleteDriver() {
  return useRefreshingMutation((id: string) => callApi(routes.drivers.remove, { params: { id } }), fleetKeys.afterWrite);
}

/** Clears a driver's pump PIN; nothing cached shows it, so nothing is refreshed. */
export function useResetPumpPin() {
  return useMutation({ mutationFn: (id: string) => callApi(routes.drivers.resetPumpPin, { params: { id } }) });
}

/** Sends a driver who has not chosen a password yet a new invitation; nothing cached shows it, so nothing is refreshed. */
export function useResendInvitation() {
  return useMutation({ mutationFn: (id: string) => callApi(routes.drivers.resendInvitation, { params: { id } }) });
}

/* Personal data (issue 45, NDPA 2023) */

/** A driver's personal data, for answering the driver's request for access. */
export function useDriverDataExport() {
  return useMutation({ mutationFn: (id: string) => callApi(routes.privacy.exportDriver, { params: { id } }) });
}

/** Erases a driver's personal data; the dialog shows a refusal (an open coupon) itself, so it is not toasted too. */
export function useEraseDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(routes.privacy.eraseDriver, { params: { id } }),
    meta: { silentError: true },
    onSuccess: () => refreshFleet(queryClient),
  });
}

/* Freezing (issue 44) */

/** Whose fuel a freeze stops: an asset's or a driver's. */
export type FreezeKind = 'vehicle' | 'driver';

/** Freezes an asset or a driver with the reason its refusals will name. */
export function useFreeze(kind: FreezeKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }): Promise<{ message: string }> =>
      kind === 'vehicle'
        ? callApi(routes.vehicles.freeze, { params: { id }, body: { reason } })
        : callApi(routes.drivers.freeze, { params: { id }, body: { reason } }),
    onSuccess: () => refreshFleet(queryClient),
  });
}

export function useUnfreeze(kind: FreezeKind) {
  return useRefreshingMutation(
    (id: string): Promise<{ message: string }> =>
      kind === 'vehicle' ? callApi(routes.vehicles.unfreeze, { params: { id } }) : callApi(routes.drivers.unfreeze, { params: { id } }),
    fleetKeys.afterWrite,
  );
}

/* Groups */

export function useDepartments(query: DepartmentListQuery, enabled = true) {
  return usePagedQuery(fleetKeys.departments.list(query), () => callApi(routes.departments.list, { query }), { enabled });
}

/** The groups an asset or a driver may join (ADMIN names the organization). */
export function useDepartmentOptions(organizationId: string | undefined, enabled: boolean) {
  return useDepartments({ page: 1, pageSize: OPTIONS_PAGE_SIZE, ...(organizationId ? { organizationId } : {}) }, enabled);
}

export function useCreateDepartment() {
  return useRefreshingMutation(
    (body: RouteInput<typeof routes.departments.create>['body']) => callApi(routes.departments.create, { body }),
    fleetKeys.afterWrite,
  );
}

export function useUpdateDepartment() {
  return useRefreshingMutation(
    ({ id, body }: { id: string; body: RouteInput<typeof routes.departments.update>['body'] }) =>
      callApi(routes.departments.update, { params: { id }, body }),
    fleetKeys.afterWrite,
  );
}

export function useDeleteDepartment() {
  return useRefreshingMutation((id: string) => callApi(routes.departments.remove, { params: { id } }), fleetKeys.afterWrite);
}

export function useRemoveGroupDriver() {
  return useRefreshingMutation(
    ({ departmentId, driverId }: { departmentId: string; driverId: string }) =>
      callApi(routes.departments.unassignDriver, { params: { id: departmentId }, body: { driverId } }),
    fleetKeys.afterWrite,
  );
}

/* An asset's history (the details page's Fuel Logs and Maintenance tabs) */

/** Rows per page of an asset's history. */
const HISTORY_PAGE_SIZE = 10;

export function useVehicleFuelLogs(vehicleId: string, page: number) {
  return useQuery({
    queryKey: fleetKeys.vehicleFuelLogs(vehicleId, page),
    queryFn: () => callApi(routes.fuelRequests.allRequests, { query: { vehicleId, page, pageSize: HISTORY_PAGE_SIZE } }),
    // The previous page stays while the next loads; another asset's rows never stand in.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[HISTORY_KEY_VEHICLE_INDEX] === vehicleId ? previous : undefined),
  });
}

export function useVehicleMaintenanceLogs(vehicleId: string, page: number) {
  return useQuery({
    queryKey: fleetKeys.vehicleMaintenanceLogs(vehicleId, page),
    queryFn: () => callApi(routes.maintenance.allRequests, { query: { vehicleId, page, pageSize: HISTORY_PAGE_SIZE } }),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[HISTORY_KEY_VEHICLE_INDEX] === vehicleId ? previous : undefined),
  });
}

/* CSV imports */

/** Which import a dialog runs: assets (`/vehicles/import`) or drivers (`/drivers/import`). */
export type ImportKind = 'assets' | 'drivers';

const IMPORT_ROUTES = { assets: routes.vehicles.import, drivers: routes.drivers.import } as const;

/** A dry run (`dryRun`) or the import itself; a real import refreshes the fleet lists. */
export function useImportCsv(kind: ImportKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun, organizationId }: { file: File; dryRun: boolean; organizationId?: string }) => {
      const body = new FormData();
      if (organizationId) body.append('organizationId', organizationId);
      body.append('file', file);
      return callApi(IMPORT_ROUTES[kind], { query: dryRun ? { dryRun: 'true' } : {}, body });
    },
    onSuccess: (reply) => (reply.dryRun ? undefined : refreshFleet(queryClient)),
  });
}

/**
 * Fetches and saves a sheet of windscreen stickers (issue 42): the vehicles named, or the whole
 * fleet; a failure reaches the user as the query client's error toast.
 */
export function useStickerDownload() {
  return useMutation({
    mutationFn: async (vehicleIds: readonly string[] | null) => {
      const file = await fetchFile(
        routes.vehicles.stickers,
        {},
        'vehicle-stickers.pdf',
        vehicleIds && vehicleIds.length > 0 ? { ids: vehicleIds.join(',') } : undefined,
      );
      saveFile(file);
      return file.filename;
    },
    onSuccess: notifyDownloaded,
  });
}
