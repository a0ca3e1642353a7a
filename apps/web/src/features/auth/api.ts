import { useMutation } from '@tanstack/react-query';
import type { RouteInput } from '@fleetfuel/contract';
import { authRoutes } from '@fleetfuel/contract/routes/auth.routes';
import { callApi } from '@/lib/api-client';

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: RouteInput<typeof authRoutes.requestPasswordReset>['body']) => callApi(authRoutes.requestPasswordReset, { body }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: RouteInput<typeof authRoutes.resetPassword>['body']) => callApi(authRoutes.resetPassword, { body }),
  });
}
