import { useMutation } from '@tanstack/react-query';
import { routes, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '../../lib/api-client';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: RouteInput<typeof routes.auth.requestPasswordReset>['body']) => callApi(routes.auth.requestPasswordReset, { body }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: RouteInput<typeof routes.auth.resetPassword>['body']) => callApi(routes.auth.resetPassword, { body }),
  });
}
