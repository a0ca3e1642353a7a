/** The caller's own account: profile, sign-in e-mail and password (the Account page). */
import type { Language } from '@fleetfuel/contract';
import { assertPasswordAllowed, hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import { AppError, invalidField } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import type { UploadedFile } from '../../platform/http/uploads.js';
import { toUser, type Accounts, type UsersDeps } from './accounts.service.js';
import * as repository from './users.repository.js';

export function createProfileService(deps: Pick<UsersDeps, 'db' | 'files' | 'sessions'>, accounts: Accounts) {
  const { db, files, sessions } = deps;
  const { findView, assertContactsFree, writeOrConflict, storeAvatar } = accounts;

  return {
    /** General tab: the caller's own name, phone, title, language and avatar. */
    async updateOwnProfile(
      actor: Actor,
      body: {
        name?: string | undefined;
        phone?: string | null | undefined;
        title?: string | null | undefined;
        language?: Language | undefined;
      },
      image: UploadedFile | undefined,
    ) {
      const existing = await findView(actor.userId, { kind: 'all' });
      if (body.phone === null && !existing.email)
        throw invalidField('phone', 'Keep a phone number or add an email first: one is needed to sign in');
      if (body.phone) await assertContactsFree({ phone: body.phone }, { exceptId: actor.userId });
      await writeOrConflict(() =>
        db.transaction().execute(async (trx) => {
          const imageKey = image
            ? await storeAvatar(trx, actor, image, { organizationId: existing.organization_id, fuelStationId: existing.fuel_station_id })
            : undefined;
          await repository.updateUser(trx, actor.userId, {
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.phone !== undefined ? { phone: body.phone } : {}),
            ...(body.title !== undefined ? { title: body.title } : {}),
            ...(body.language !== undefined ? { language: body.language } : {}),
            ...(imageKey !== undefined ? { imageKey } : {}),
          });
        }),
      );
      return toUser(await findView(actor.userId, { kind: 'all' }), files);
    },

    /** A new sign-in e-mail for the caller, proven by its current password. */
    async changeOwnEmail(actor: Actor, email: string, currentPassword: string) {
      const row = await repository.findUserById(db, actor.userId);
      if (!row || !(await verifyPassword(row.password_hash, currentPassword))) {
        throw new AppError('VALIDATION_FAILED', 'The current password is not correct', { field: 'currentPassword' });
      }
      await assertContactsFree({ email }, { exceptId: actor.userId });
      await writeOrConflict(() => repository.updateUser(db, actor.userId, { email }));
      return toUser(await findView(actor.userId, { kind: 'all' }), files);
    },

    /**
     * The driver's PIN for confirming redemptions at the pump (issue 13), hashed like a password;
     * setting it again changes it. Only drivers reach this (the route's permission).
     */
    async setOwnPumpPin(actor: Actor, pin: string) {
      await repository.setPumpPinHash(db, actor.userId, await hashPassword(pin));
      return { message: 'Pump PIN saved; give it at the pump when the attendant asks for it' };
    },

    /** A new password for the caller: every other session ends, the current one stays. */
    async changeOwnPassword(actor: Actor, currentPassword: string, newPassword: string) {
      const row = await repository.findUserById(db, actor.userId);
      if (!row || !(await verifyPassword(row.password_hash, currentPassword))) {
        throw new AppError('VALIDATION_FAILED', 'The current password is not correct', { field: 'currentPassword' });
      }
      if (currentPassword === newPassword) throw invalidField('newPassword', 'Choose a password different from the current one');
      assertPasswordAllowed(newPassword, 'newPassword');
      const passwordHash = await hashPassword(newPassword);
      const ended = await db.transaction().execute(async (trx) => {
        await repository.updateUser(trx, actor.userId, { passwordHash });
        return sessions.endAllOf(actor.userId, 'PASSWORD_CHANGE', { db: trx, except: actor.sessionId });
      });
      return { message: ended > 0 ? `Password changed; ${ended} other session${ended === 1 ? '' : 's'} signed out` : 'Password changed' };
    },
  };
}
