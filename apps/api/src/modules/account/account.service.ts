/** The signed-in user's own account: every call acts on the caller, never on an id it sends. */
import type { RouteBody, accountRoutes } from '@fleetfuel/contract';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import type { UploadedFile } from '../../platform/http/uploads.js';
import type { NotificationsService } from '../notifications/index.js';
import type { SessionsService } from '../sessions/index.js';
import type { UsersService } from '../users/index.js';

const withFirstName = <U extends { name: string }>(user: U) => ({ ...user, firstName: user.name.trim().split(/\s+/)[0] ?? user.name });

export function createAccountService(deps: { users: UsersService; sessions: SessionsService; notifications: NotificationsService }) {
  const { users, sessions, notifications } = deps;
  return {
    updateProfile: async (actor: Actor, body: RouteBody<typeof accountRoutes.updateProfile>, image: UploadedFile | undefined) => ({
      message: 'Profile updated',
      user: withFirstName(await users.updateOwnProfile(actor, body, image)),
    }),

    changeEmail: async (actor: Actor, body: RouteBody<typeof accountRoutes.changeEmail>) => ({
      message: 'Email changed; sign in with it from now on',
      user: withFirstName(await users.changeOwnEmail(actor, body.email, body.currentPassword)),
    }),

    changePassword: (actor: Actor, body: RouteBody<typeof accountRoutes.changePassword>) =>
      users.changeOwnPassword(actor, body.currentPassword, body.newPassword),

    setPumpPin: (actor: Actor, body: RouteBody<typeof accountRoutes.setPumpPin>) => users.setOwnPumpPin(actor, body.pin),

    setStationPin: (actor: Actor, body: RouteBody<typeof accountRoutes.setStationPin>) =>
      users.setOwnStationPin(actor, body.pin, body.currentPassword),

    sessions: async (actor: Actor) => ({ sessions: await sessions.listOf(actor.userId, actor.sessionId) }),

    /** Ends another of the caller's sessions; the current one ends by signing out. */
    async endSession(actor: Actor, sessionId: string) {
      if (sessionId === actor.sessionId) throw new AppError('RULE_VIOLATION', 'This is the session you are using; sign out instead');
      if (!(await sessions.endOneOf(actor.userId, sessionId))) throw new AppError('NOT_FOUND', 'Session not found');
      return { message: 'Session ended' };
    },

    notifications: (actor: Actor) => notifications.preferences(actor.userId),

    updateNotifications: (actor: Actor, body: RouteBody<typeof accountRoutes.updateNotifications>) =>
      notifications.updatePreferences(actor.userId, body),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
