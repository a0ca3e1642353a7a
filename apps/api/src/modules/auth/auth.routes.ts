import { authRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { AuthService } from './auth.service.js';

export function bindAuthRoutes(binder: RouteBinder, auth: AuthService): void {
  binder.bind(authRoutes.login, ({ body, client }) => auth.login(body, client));
  binder.bind(authRoutes.register, ({ body, actor, client }) => auth.register(body, actor, client));
  binder.bind(authRoutes.me, ({ actor }) => auth.me(actor));
  binder.bind(authRoutes.logout, ({ actor }) => auth.logout(actor));
  binder.bind(authRoutes.requestPasswordReset, ({ body, client }) => auth.requestPasswordReset(body.email, client));
  binder.bind(authRoutes.resetPassword, ({ body }) => auth.resetPassword(body));
}
