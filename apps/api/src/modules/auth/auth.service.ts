/**
 * Sign-in, sign-out, registration and password reset. Sign-in never says whether an account
 * exists: an unknown username costs the same time and gets the same answer as a wrong password,
 * and the reset request answers the same words either way.
 */
import type { authRoutes } from '@fleetfuel/contract';
import { ROLE_LABELS, hasPermission, normalizeUsername, type Role, type RouteBody, type SessionUser, type User } from '@fleetfuel/contract';
import type { Config } from '../../platform/config.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, forbidden, invalidField } from '../../platform/errors.js';
import { assertPasswordAllowed, hashPassword, verifyAgainstDecoy, verifyPassword } from '../../platform/auth/passwords.js';
import { newOpaqueToken, hashToken } from '../../platform/auth/tokens.js';
import type { Actor } from '../../platform/http/actor.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { BackgroundTasks } from '../../platform/background.js';
import type { Clock } from '../../platform/clock.js';
import { auditTrail } from '../audit/index.js';
import { languageOf, passwordResetMail } from '../notifications/index.js';
import type { OrganizationsService } from '../organizations/index.js';
import type { SessionsService } from '../sessions/index.js';
import type { UsersService } from '../users/index.js';
import * as repository from './auth.repository.js';
import { countAttempt, countRequest, forgiveFailure, waitInWords, type DelayRule, type QuotaRule } from './throttle.js';

type Client = { ip: string; userAgent: string | null };

export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email, we have sent it a link to reset the password. The link expires in 1 hour.';
const RESET_DONE_MESSAGE = 'Your password has been reset. Sign in with your new password.';
export const INVALID_RESET_TOKEN_MESSAGE = 'This password reset link is invalid or has expired. Request a new one.';

/** The web app's page where a reset (or invitation) token chooses a new password. */
export function resetPageLink(appUrl: string, token: string): string {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export function toSessionUser(user: User): SessionUser {
  return { ...user, firstName: user.name.trim().split(/\s+/)[0] ?? user.name };
}

export interface AuthDeps {
  db: Database;
  config: Pick<Config, 'signIn' | 'appUrl' | 'passwordResetTtlMinutes' | 'passwordReset' | 'signupEnabled'>;
  mailer: Mailer;
  background: BackgroundTasks;
  users: UsersService;
  sessions: SessionsService;
  organizations: OrganizationsService;
  clock: Clock;
}

const HOUR_MS = 60 * 60 * 1000;
/** Roles whose sign-ins go into the audit trail: they approve, move money, set prices or manage accounts. */
const AUDITED_SIGN_IN_ROLES: ReadonlySet<Role> = new Set(['ADMIN', 'ADMINISTRATOR', 'STATION_REP']);
/** Throttle counters nobody has touched for this long are deleted (they would start afresh anyway). */
const STALE_THROTTLE_MS = 24 * HOUR_MS;

/**
 * The counters an attempt counts against. A known account is counted by its id, whichever of its
 * e-mail or phone number was typed; an unknown identifier under itself, so that probing accounts
 * that do not exist is slowed down just the same (and looks the same).
 */
function signInKeys(userId: string | null, identifier: string, ip: string) {
  return {
    account: userId ? `sign-in:account:${userId}` : `sign-in:identifier:${identifier}`,
    address: `sign-in:address:${ip}`,
  };
}

export function createAuthService(deps: AuthDeps) {
  const { db, config, users, sessions, clock } = deps;
  const delayRule = (maxFailures: number): DelayRule => ({
    maxFailures,
    quietMs: config.signIn.windowMinutes * 60_000,
    firstDelayMs: 1000,
    maxDelayMs: config.signIn.maxDelaySeconds * 1000,
  });
  const accountRule = delayRule(config.signIn.maxFailuresPerAccount);
  const addressRule = delayRule(config.signIn.maxFailuresPerAddress);
  const resetAccountQuota: QuotaRule = { limit: config.passwordReset.maxPerAccountPerHour, windowMs: HOUR_MS };
  const resetAddressQuota: QuotaRule = { limit: config.passwordReset.maxPerAddressPerHour, windowMs: HOUR_MS };

  /**
   * Counts a sign-in attempt against its account and its address, or refuses it while either is
   * in its delay (then nothing is counted, so waiting out a delay is never made longer by retrying).
   */
  async function admitSignIn(keys: ReturnType<typeof signInKeys>) {
    const now = clock.now();
    const refusedUntil = await db.transaction().execute(async (trx) => {
      const states = await repository.lockThrottles(trx, [keys.account, keys.address], now);
      const account = countAttempt(states.get(keys.account), now, accountRule);
      const address = countAttempt(states.get(keys.address), now, addressRule);
      if (account.refusedUntil || address.refusedUntil) {
        return new Date(Math.max(account.refusedUntil?.getTime() ?? 0, address.refusedUntil?.getTime() ?? 0));
      }
      await repository.saveThrottle(trx, keys.account, account.next);
      await repository.saveThrottle(trx, keys.address, address.next);
      return null;
    });
    if (refusedUntil) {
      const waitMs = refusedUntil.getTime() - now.getTime();
      throw new AppError('RATE_LIMITED', `Too many failed sign-in attempts. Try again in ${waitInWords(waitMs)}.`, {
        retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
      });
    }
  }

  /** The password was right: the account starts afresh, and the address gets its attempt back. */
  async function forgiveSignIn(keys: ReturnType<typeof signInKeys>) {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const states = await repository.lockThrottles(trx, [keys.address], now);
      const address = states.get(keys.address);
      if (address) await repository.saveThrottle(trx, keys.address, forgiveFailure(address, addressRule));
      await repository.deleteThrottle(trx, keys.account);
    });
    await repository.pruneThrottles(
      db,
      new Date(now.getTime() - Math.max(STALE_THROTTLE_MS, accountRule.quietMs + accountRule.maxDelayMs)),
    );
  }

  /**
   * Whether a reset e-mail may go: every request counts against its address, and a request for an
   * active account also against that account. Over either quota, no e-mail is sent.
   */
  async function admitResetEmail(userId: string | null, ip: string): Promise<boolean> {
    const now = clock.now();
    const addressKey = `password-reset:address:${ip}`;
    const accountKey = userId ? `password-reset:account:${userId}` : null;
    return db.transaction().execute(async (trx) => {
      const states = await repository.lockThrottles(trx, accountKey ? [addressKey, accountKey] : [addressKey], now);
      const address = countRequest(states.get(addressKey), now, resetAddressQuota);
      await repository.saveThrottle(trx, addressKey, address.next);
      if (!address.allowed || !accountKey) return false;
      const account = countRequest(states.get(accountKey), now, resetAccountQuota);
      await repository.saveThrottle(trx, accountKey, account.next);
      return account.allowed;
    });
  }

  /** Worded in the account's language when it is sent. */
  async function sendResetEmail(account: { id: string; email: string; name: string }, token: string) {
    const { language } = await repository.recipientWording(db, account.id);
    await deps.mailer.send({
      to: account.email,
      ...passwordResetMail(languageOf(language), account.name, resetPageLink(config.appUrl, token)),
    });
  }

  return {
    async login(body: RouteBody<typeof authRoutes.login>, client: Client) {
      const username = normalizeUsername(body.username) ?? body.username.trim().toLowerCase();
      const account = await users.findCredentials(username);
      const keys = signInKeys(account?.id ?? null, username, client.ip);
      await admitSignIn(keys);
      const passwordMatches = account ? await verifyPassword(account.passwordHash, body.password) : await verifyAgainstDecoy(body.password);
      await repository.recordSignInAttempt(db, username, client.ip, passwordMatches);
      if (passwordMatches) await forgiveSignIn(keys);
      if (!account || !passwordMatches) {
        throw new AppError('INVALID_CREDENTIALS', 'Invalid email/phone number or password');
      }
      if (account.status !== 'ACTIVE') {
        throw new AppError('ACCOUNT_INACTIVE', 'This account has been disabled. Contact your administrator.');
      }
      const self = await users.getSelf(account.id);
      const { token } = await db.transaction().execute(async (trx) => {
        const opened = await sessions.open(account.id, client, trx);
        if (AUDITED_SIGN_IN_ROLES.has(self.role))
          await auditTrail.record(trx, {
            actor: { userId: self.id, role: self.role, ipAddress: client.ip },
            action: 'user.signed_in',
            entityId: self.id,
            organizationId: self.organizationId,
            stationId: self.fuelStationId,
          });
        return opened;
      });
      return { token, user: toSessionUser(self) };
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

    /** The reply is the same whether the account exists, is throttled or gets its e-mail. */
    async requestPasswordReset(email: string, client: Client) {
      const found = await users.findCredentials(email);
      const account = found?.email && found.status === 'ACTIVE' ? { ...found, email: found.email } : null;
      const mayMail = await admitResetEmail(account?.id ?? null, client.ip);
      if (account && mayMail) {
        const { token, hash } = newOpaqueToken();
        const expiresAt = new Date(clock.now().getTime() + config.passwordResetTtlMinutes * 60_000);
        await repository.insertResetTokens(db, [{ userId: account.id, tokenHash: hash, expiresAt }]);
        // Sent after the reply: waiting for a mail server would tell apart known and unknown addresses.
        deps.background.run('password reset e-mail', () => sendResetEmail(account, token));
      }
      return { message: RESET_REQUESTED_MESSAGE };
    },

    async resetPassword(body: RouteBody<typeof authRoutes.resetPassword>) {
      assertPasswordAllowed(body.password);
      const passwordHash = await hashPassword(body.password);
      await db.transaction().execute(async (trx) => {
        const userId = await repository.consumeResetToken(trx, hashToken(body.token), clock.now());
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
