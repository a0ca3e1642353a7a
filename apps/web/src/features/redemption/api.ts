import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { routes } from '@fleetfuel/contract';
import { ApiError, callApi } from '@/lib/api-client';
import { idempotencyHeaders } from '@/lib/idempotency';
import { invalidateKeys } from '@/lib/query-keys';
import type { CouponInput } from './coupon-input';
import { evidenceForm } from './odometer-photo';
import { redemptionKeys } from './query-keys';
import type { toFuelCompleteBody, toJobCompleteBody } from './redeem-form';
import { useRefreshingMutation, usePagedQuery } from '@/lib/query-hooks';

/** Rows per page of today's redemptions. */
const REDEMPTIONS_PAGE_SIZE = 20;

function afterRedemption(queryClient: QueryClient) {
  return invalidateKeys(queryClient, redemptionKeys.afterRedemption);
}

/** What a coupon stands for; a lookup is asked for on demand, so it is a mutation of the tool's state. */
export function useCouponPreview() {
  return useMutation({
    mutationFn: (coupon: CouponInput) => callApi(routes.fuelRequests.coupon, { query: coupon }),
  });
}

export function useRedeemFuel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, key }: { id: string; body: ReturnType<typeof toFuelCompleteBody>; key: string }) =>
      callApi(routes.fuelRequests.complete, { params: { id }, body, headers: idempotencyHeaders(key) }),
    onSuccess: () => afterRedemption(queryClient),
    // The form reports its failures: a fill waiting for a manager's approval is not one.
    meta: { silentError: true },
  });
}

/** A photo of the odometer for a coupon of this station (issue 42), sent before the redemption that needs it. */
export function useSendOdometerPhoto() {
  return useMutation({
    mutationFn: ({ id, photo }: { id: string; photo: Blob }) =>
      callApi(routes.fuelRequests.evidence, { params: { id }, body: evidenceForm(photo) }),
    // The form reports its failures beside the photo.
    meta: { silentError: true },
  });
}

export function useCompleteJob() {
  return useRefreshingMutation(
    ({ id, body, key }: { id: string; body: ReturnType<typeof toJobCompleteBody>; key: string }) =>
      callApi(routes.maintenance.complete, { params: { id }, body, headers: idempotencyHeaders(key) }),
    redemptionKeys.afterRedemption,
  );
}

/** How often the waiting attendant's screen asks whether the manager has decided. */
const OVERRIDE_POLL_MS = 5_000;

/** The override a fill waits on, read every few seconds while it is pending; not cached between waits. */
export function useStationOverride(id: string) {
  return useQuery({
    queryKey: redemptionKeys.stationOverride(id),
    queryFn: () => callApi(routes.overrides.station, { params: { id } }),
    refetchInterval: (query) => {
      const { data, error } = query.state;
      // A refusal (not the station's, gone) will not change; a dropped connection might.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
      return data === undefined || data.override.status === 'PENDING' ? OVERRIDE_POLL_MS : false;
    },
    staleTime: 0,
    gcTime: 0,
    // The waiting panel says when the server cannot be reached; a toast every few seconds would not help.
    meta: { silentError: true },
  });
}

/** The attendant stops waiting (the driver left): the pending override is cancelled, so no manager decides it. */
export function useCancelOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(routes.overrides.cancel, { params: { id } }),
    // A manager may have decided first (409): the panel reads the override again and shows what happened.
    onError: (_error, id) => queryClient.invalidateQueries({ queryKey: redemptionKeys.stationOverride(id) }),
  });
}

/** Today's redemptions at the caller's station, fuel and maintenance, newest first, with the day's totals. */
export function useTodaysRedemptions(page: number) {
  return usePagedQuery(redemptionKeys.stationRedemptions(page), () =>
    callApi(routes.redemptions.station, { query: { page, pageSize: REDEMPTIONS_PAGE_SIZE } }),
  );
}

/** The station's wallet (a STATION_REP's GET /wallet answers with it). */
export function useStationWallet(enabled: boolean) {
  return useQuery({
    queryKey: redemptionKeys.stationWallet,
    queryFn: () => callApi(routes.wallet.get),
    enabled,
  });
}

/** Texts the driver a one-time code that confirms this coupon's redemption (its organization requires it). */
export function useSendConfirmationCode() {
  return useMutation({
    mutationFn: (requestId: string) => callApi(routes.fuelRequests.confirmationCode, { params: { id: requestId } }),
  });
}

/** Rows per page of the follow-ups of refused offline redemptions. */
const FOLLOW_UPS_PAGE_SIZE = 10;

export type FollowUpStatusFilter = 'OPEN' | 'RESOLVED' | 'ALL';

/** The station's follow-ups of refused offline redemptions: open ones first, newest first. */
export function useRedemptionFollowUps(filter: { page: number; status: FollowUpStatusFilter; search: string }) {
  return useQuery({
    queryKey: redemptionKeys.followUps(filter),
    queryFn: () =>
      callApi(routes.redemptions.followUps, {
        query: {
          page: filter.page,
          pageSize: FOLLOW_UPS_PAGE_SIZE,
          ...(filter.status === 'ALL' ? {} : { status: filter.status }),
          ...(filter.search ? { search: filter.search } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useResolveFollowUp() {
  return useRefreshingMutation(
    ({ id, note }: { id: string; note: string }) => callApi(routes.redemptions.resolveFollowUp, { params: { id }, body: { note } }),
    [redemptionKeys.followUpsRoot],
  );
}

/** The station's staff who may take over this device, and whether each has a station PIN. */
export function useDeviceAttendants(enabled: boolean) {
  return useQuery({
    queryKey: redemptionKeys.deviceAttendants,
    queryFn: () => callApi(routes.stationDevice.attendants),
    enabled,
  });
}

/** Hands the device to another attendant; the dialog shows a refusal itself (under the PIN, or above the form). */
export function useSwitchAttendant() {
  return useMutation({
    mutationFn: (body: { attendantId: string; pin: string }) => callApi(routes.stationDevice.switchAttendant, { body }),
    meta: { silentError: true },
  });
}
