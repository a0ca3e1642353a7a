/**
 * Sign-in, sign-out, registration and password reset. Sign-in never says whether an account
 * exists: an unknown username costs the same time and gets the same answer as a wrong password,
 * and the reset request answers the same words either way.
 */
import type {
  authRoutes} from '@fleetfuel/contract';
import {
  ROLE_LABELS,
  hasPermission,
  normalizeUsername,
  type RouteBody,
  type SessionUser,
  type User,
} from '@fleetfuel/contract';
import type { Config } from '../../platform/config.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, forbidden, invalidField } from '../../platform/errors.js';
import { assertPasswordAllowed, hashPassword, verifyAgainstDecoy, verifyPassword } from '../../platform/auth/passwords.js';
import { newOpaqueToken, hashToken } from '../../platform/auth/tokens.js';
import type { Actor } from '../../platform/http/actor.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { BackgroundTasks } from '../../platform/background.js';
import type { OrganizationsService } from '../organizations/index.js';
import type { SessionsService } from '../sessions/index.js';
import type { UsersService } from '../users/index.js';
import * as repository from './auth.repository.js';

type Client = { ip: string; userAgent: string | null };

export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email, we have sent it a link to reset the password. The link expires in 1 hour.';
export const RESET_DONE_MESSAGE = 'Your password has been reset. Sign in with your new password.';
export const INVALID_RESET_TOKEN_MESSAGE = 'This password reset link is invalid or has expired. Request a new one.';

export function toSessionUser(user: User): SessionUser {
  return { ...user, firstName: user.name.trim().split(/\s+/)[0] ?? user.name };
}

export interface AuthDeps {
  db: Database;
  config: Pick<Config, 'signIn' | 'appUrl' | 'passwordResetTtlMinutes' | 'signupEnabled'>;
  mailer: Mailer;
  background: BackgroundTasks;
  users: UsersService;
  sessions: SessionsService;
  organizations: OrganizationsService;
}

export function createAuthService(deps: AuthDeps) {
  const { db, config, users, sessions } = deps;

  async function assertNotRateLimited(username: string, ip: string) {
    const failures = await repository.countRecentFailures(db, username, ip, config.signIn.windowMinutes);
    if (failures.account >= config.signIn.maxFailuresPerAccount || failures.address >= config.signIn.maxFailuresPerAddress) {
      throw new AppError(
        'RATE_LIMITED',
        `Too many failed sign-in attempts. Wait ${config.signIn.windowMinutes} minutes or reset your password.`,
      );
    }
  }

  async function sendResetEmail(to: string, name: string, token: string) {
    const link = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await deps.mailer.send({
      to,
      subject: 'Reset your FleetFuel password',
      text:
        `Hello ${name},\n\nSomeone asked to reset the password of your FleetFuel account. ` +
        `Open this link within 1 hour to choose a new one:\n\n${link}\n\n` +
        'If it was not you, ignore this e-mail: your password stays as it is.\n',
      html:
        `<p>Hello ${escapeHtml(name)},</p><p>Someone asked to reset the password of your FleetFuel account. ` +
        `Open this link within 1 hour to choose a new one:</p><p><a href="${link}">Reset my password</a></p>` +
        '<p>If it was not you, ignore this e-mail: your password stays as it is.</p>',
    });
  }

  return {
    async login(body: RouteBody<typeof authRoutes.login>, client: Client) {
      const username = normalizeUsername(body.username) ?? body.username.trim().toLowerCase();
      await assertNotRateLimited(username, client.ip);
      const account = await users.findCredentials(username);
      const passwordMatches = account
        ? await verifyPassword(account.passwordHash, body.password)
        : await verifyAgainstDecoy(body.password);
      await repository.recordSignInAttempt(db, username, client.ip, passwordMatches);
      if (!account || !passwordMatches) {
        throw new AppError('INVALID_CREDENTIALS', 'Invalid email/phone number or password');
      }
      if (account.status !== 'ACTIVE') {
        throw new AppError('ACCOUNT_INACTIVE', 'This account has been disabled. Contact your administrator.');
      }
      const { token } = await sessions.open(account.id, client);
      return { token, user: toSessionUser(await users.getSelf(account.id)) };
    },

    async me(actor: Actor): Promise<SessionUser> {
      return toSessionUser(await users.getSelf(actor.userId));
    },

    async logout(actor: Actor) {
      await sessions.end(actor.sessionId, 'LOGOUT');
      return { message: 'You have been signed out' };
    },

    async register(body: RouteBody<typeof authRoutes.register>, actor: Actor | null, client: Client) {
      const { organizationName, organizationType, ...account } = body;
      if (actor) {
        if (!hasPermission(actor.role, 'users.manage')) throw forbidden('You cannot create accounts');
        if (organizationName || organizationType) {
          throw invalidField('organizationName', 'An organization is only named when signing up without an account');
        }
        if (!account.role) throw invalidField('role', 'Choose a role');
        const user = await users.create(actor, { ...account, role: account.role });
        return { token: null, user };
      }
      if (!config.signupEnabled) {
        throw forbidden('Self-service sign-up is not enabled. Contact FleetFuel to open an account.');
      }
      if (account.role && account.role !== 'ADMINISTRATOR') {
        throw invalidField('role', `Sign-up creates an ${ROLE_LABELS.ADMINISTRATOR} account`);
      }
      if (account.organizationId || account.fuelStationId) {
        throw invalidField('organizationId', 'Sign-up creates a new organization');
      }
      if (!organizationName) throw invalidField('organizationName', 'Enter the name of your organization');
      if (!organizationType) throw invalidField('organizationType', 'Choose the type of your organization');
      assertPasswordAllowed(account.password);
      const passwordHash = await hashPassword(account.password);
      const userId = await db.transaction().execute(async (trx) => {
        const organizationId = await deps.organizations.createForSignUp(trx, { name: organizationName, type: organizationType });
        return users.createOwner(trx, organizationId, {
          name: account.name,
          title: account.title ?? null,
          email: account.email ?? null,
          phone: account.phone ?? null,
          passwordHash,
        });
      });
      const { token } = await sessions.open(userId, client);
      return { token, user: await users.getSelf(userId) };
    },

    async requestPasswordReset(email: string) {
      const account = await users.findCredentials(email);
      if (account?.email && account.status === 'ACTIVE') {
        const { token, hash } = newOpaqueToken();
        await repository.insertResetToken(db, account.id, hash, config.passwordResetTtlMinutes);
        // Sent after the reply: waiting for a mail server would tell apart known and unknown addresses.
        const to = account.email;
        deps.background.run('password reset e-mail', () => sendResetEmail(to, account.name, token));
      }
      return { message: RESET_REQUESTED_MESSAGE };
    },

    async resetPassword(body: RouteBody<typeof authRoutes.resetPassword>) {
      assertPasswordAllowed(body.password);
      const passwordHash = await hashPassword(body.password);
      await db.transaction().execute(async (trx) => {
        const userId = await repository.consumeResetToken(trx, hashToken(body.token));
        if (!userId) throw new AppError('BAD_REQUEST', INVALID_RESET_TOKEN_MESSAGE, { field: 'token' });
        await users.setPasswordHash(trx, userId, passwordHash);
        await repository.retireResetTokensOfUser(trx, userId);
        await sessions.endAllOf(userId, 'PASSWORD_RESET', { db: trx });
      });
      return { message: RESET_DONE_MESSAGE };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
