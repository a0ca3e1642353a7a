import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type NotificationPreferences, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './query-keys';
import { useRefreshingMutation } from '@/lib/query-hooks';

export type EmailChangeBody = RouteInput<typeof routes.account.changeEmail>['body'];
export type PasswordChangeBody = RouteInput<typeof routes.account.changePassword>['body'];

export function useUpdateProfile() {
  return useMutation({ mutationFn: (body: FormData) => callApi(routes.account.updateProfile, { body }) });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: (body: EmailChangeBody) => callApi(routes.account.changeEmail, { body }) });
}

export function useChangePassword() {
  // Every other session has just ended.
  return useRefreshingMutation((body: PasswordChangeBody) => callApi(routes.account.changePassword, { body }), [accountKeys.sessions]);
}

export function useSessions() {
  return useQuery({ queryKey: accountKeys.sessions, queryFn: () => callApi(routes.account.sessions) });
}

export function useEndSession() {
  return useRefreshingMutation((id: string) => callApi(routes.account.endSession, { params: { id } }), [accountKeys.sessions]);
}

export function useNotificationPreferences() {
  return useQuery({ queryKey: accountKeys.notifications, queryFn: () => callApi(routes.account.notifications) });
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<NotificationPreferences>) => callApi(routes.account.updateNotifications, { body }),
    onSuccess: (reply) => queryClient.setQueryData(accountKeys.notifications, reply),
  });
}

export function useSetPumpPin() {
  return useMutation({ mutationFn: (pin: string) => callApi(routes.account.setPumpPin, { body: { pin } }) });
}

/** Everything the platform holds about the caller (NDPA 2023), for saving as a file. */
export function useMyDataExport() {
  return useMutation({ mutationFn: () => callApi(routes.privacy.exportOwn) });
}

export type StationPinBody = RouteInput<typeof routes.account.setStationPin>['body'];

export function useSetStationPin() {
  return useMutation({ mutationFn: (body: StationPinBody) => callApi(routes.account.setStationPin, { body }) });
}
