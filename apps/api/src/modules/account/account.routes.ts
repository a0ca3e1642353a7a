import { accountRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { AccountService } from './account.service.js';

/** The signed-in user's own account: every call acts on the caller, never on an id it sends. */
export function bindAccountRoutes(binder: RouteBinder, account: AccountService): void {
  binder.bind(accountRoutes.updateProfile, ({ actor, body, files }) => account.updateProfile(actor, body, files.image));
  binder.bind(accountRoutes.changeEmail, ({ actor, body }) => account.changeEmail(actor, body));
  binder.bind(accountRoutes.changePassword, ({ actor, body }) => account.changePassword(actor, body));
  binder.bind(accountRoutes.sessions, ({ actor }) => account.sessions(actor));
  binder.bind(accountRoutes.endSession, ({ actor, params }) => account.endSession(actor, params.id));
  binder.bind(accountRoutes.notifications, ({ actor }) => account.notifications(actor));
  binder.bind(accountRoutes.updateNotifications, ({ actor, body }) => account.updateNotifications(actor, body));
  binder.bind(accountRoutes.setPumpPin, ({ actor, body }) => account.setPumpPin(actor, body));
  binder.bind(accountRoutes.setStationPin, ({ actor, body }) => account.setStationPin(actor, body));
}
