import { accountRoutes } from '@fleetfuel/contract';
import { AppError } from '../../platform/errors.js';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { NotificationsService } from '../notifications/index.js';
import type { SessionsService } from '../sessions/index.js';
import type { UsersService } from '../users/index.js';

const withFirstName = <U extends { name: string }>(user: U) => ({ ...user, firstName: user.name.trim().split(/\s+/)[0] ?? user.name });

/** The signed-in user's own account: every call acts on the caller, never on an id it sends. */
export function bindAccountRoutes(binder: RouteBinder, deps: { users: UsersService; sessions: SessionsService; notifications: NotificationsService }): void {
  const { users, sessions, notifications } = deps;
  binder.bind(accountRoutes.updateProfile, async ({ actor, body, files }) => ({
    message: 'Profile updated',
    user: withFirstName(await users.updateOwnProfile(actor, body, files.image)),
  }));
  binder.bind(accountRoutes.changeEmail, async ({ actor, body }) => ({
    message: 'Email changed; sign in with it from now on',
    user: withFirstName(await users.changeOwnEmail(actor, body.email, body.currentPassword)),
  }));
  binder.bind(accountRoutes.changePassword, ({ actor, body }) => users.changeOwnPassword(actor, body.currentPassword, body.newPassword));
  binder.bind(accountRoutes.sessions, async ({ actor }) => ({ sessions: await sessions.listOf(actor.userId, actor.sessionId) }));
  binder.bind(accountRoutes.endSession, async ({ actor, params }) => {
    if (params.id === actor.sessionId) throw new AppError('RULE_VIOLATION', 'This is the session you are using; sign out instead');
    if (!(await sessions.endOneOf(actor.userId, params.id))) throw new AppError('NOT_FOUND', 'Session not found');
    return { message: 'Session ended' };
  });
  binder.bind(accountRoutes.notifications, ({ actor }) => notifications.preferences(actor.userId));
  binder.bind(accountRoutes.updateNotifications, ({ actor, body }) => notifications.updatePreferences(actor.userId, body));
}
