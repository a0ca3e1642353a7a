import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type NotificationPreferences, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '../../lib/api-client';

const sessionsKey = ['account', 'sessions'] as const;
const notificationsKey = ['account', 'notifications'] as const;

export type EmailChangeBody = RouteInput<typeof routes.account.changeEmail>['body'];
export type PasswordChangeBody = RouteInput<typeof routes.account.changePassword>['body'];

export function useUpdateProfile() {
  return useMutation({ mutationFn: (body: FormData) => callApi(routes.account.updateProfile, { body }) });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: (body: EmailChangeBody) => callApi(routes.account.changeEmail, { body }) });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChangeBody) => callApi(routes.account.changePassword, { body }),
    // Every other session has just ended.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: () => callApi(routes.account.sessions) });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(routes.account.endSession, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useNotificationPreferences() {
  return useQuery({ queryKey: notificationsKey, queryFn: () => callApi(routes.account.notifications) });
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<NotificationPreferences>) => callApi(routes.account.updateNotifications, { body }),
    onSuccess: (reply) => queryClient.setQueryData(notificationsKey, reply),
  });
}
