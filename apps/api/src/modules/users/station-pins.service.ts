/**
 * Station PINs (issue 42): station staff share one phone at the pump and hand it over with a
 * personal 4 to 6 digit PIN instead of a full sign-in. The PIN is hashed like a password; five wrong
 * PINs in a row lock that attendant's switching for 15 minutes, counted on the server (the device
 * holds nothing it could reset). Only this module writes the PIN columns; auth opens the session.
 */
import { STATION_PIN_LOCK, isStationRole, lagosDateTime, type Role } from '@fleetfuel/contract';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { auditTrail } from '../audit/index.js';
import { assertCanManage, scopeOf, type Accounts, type UsersDeps } from './accounts.service.js';
import * as repository from './users.repository.js';
import * as pins from './station-pins.repository.js';

const MINUTE_MS = 60_000;

type PinRow = NonNullable<Awaited<ReturnType<typeof pins.lockStationPinRow>>>;
/** What a PIN check decided: the attendant who takes the device, or the refusal to send once the count is saved. */
type PinOutcome = { attendant: SwitchingAttendant } | { refusal: AppError };
/** Who takes the device, and the station whose device it is. */
export type SwitchingAttendant = { id: string; name: string; stationId: string };

function lockedRefusal(name: string, until: Date, now: Date): AppError {
  return new AppError(
    'RATE_LIMITED',
    `Switching to ${name} is locked until ${lagosDateTime(until)} after ${STATION_PIN_LOCK.tries} wrong PINs`,
    { retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) },
  );
}

/** Counts a wrong PIN on the locked row; the last allowed one locks the attendant and starts the count again. */
async function countWrongPin(trx: UsersDeps['db'], row: PinRow, now: Date): Promise<AppError> {
  const failures = row.station_pin_failures + 1;
  if (failures < STATION_PIN_LOCK.tries) {
    await pins.saveStationPinFailures(trx, row.id, failures, null);
    const left = STATION_PIN_LOCK.tries - failures;
    return new AppError(
      'RULE_VIOLATION',
      `Wrong PIN; ${left} ${left === 1 ? 'try' : 'tries'} left before switching to ${row.name} is locked`,
      {
        field: 'pin',
      },
    );
  }
  const until = new Date(now.getTime() + STATION_PIN_LOCK.lockMinutes * MINUTE_MS);
  await pins.saveStationPinFailures(trx, row.id, 0, until);
  return lockedRefusal(row.name, until, now);
}

export function createStationPins(deps: Pick<UsersDeps, 'db'>, accounts: Accounts) {
  const { db } = deps;
  const { findView } = accounts;

  return {
    /** The caller's own station PIN, proven by its current password; saving again changes it. */
    async setOwnStationPin(actor: Actor, pin: string, currentPassword: string) {
      const row = await repository.findUserById(db, actor.userId);
      if (!row || !(await verifyPassword(row.password_hash, currentPassword))) {
        throw new AppError('VALIDATION_FAILED', 'The current password is not correct', { field: 'currentPassword' });
      }
      await pins.setStationPinHash(db, actor.userId, await hashPassword(pin));
      return { message: 'Station PIN saved; use it to take over the station’s shared device' };
    },

    /** Clears a forgotten station PIN (and any lock): the attendant sets a new one in Account. */
    async clearStationPin(actor: Actor, id: string) {
      const user = await findView(id, scopeOf(actor));
      assertCanManage(actor, user.role as Role, 'manage');
      if (!isStationRole(user.role as Role)) throw new AppError('RULE_VIOLATION', 'Only station staff have a station PIN');
      await db.transaction().execute(async (trx) => {
        const hadPin = Boolean((await pins.lockStationPinRow(trx, id))?.station_pin_hash);
        await pins.setStationPinHash(trx, id, null);
        await auditTrail.record(trx, {
          actor,
          action: 'user.station_pin_cleared',
          entityId: id,
          stationId: user.fuel_station_id,
          before: { stationPinSet: hadPin },
          after: { stationPinSet: false },
        });
      });
      return { message: `The station PIN of ${user.name} was cleared; they set a new one under Account › Security` };
    },

    /** Who may take over the caller's station's shared device. */
    async deviceAttendants(actor: Actor) {
      if (!actor.fuelStationId) throw forbidden();
      const rows = await pins.listDeviceAttendants(db, actor.fuelStationId);
      return { attendants: rows.map((row) => ({ id: row.id, name: row.name, hasPin: row.has_pin })) };
    },

    /**
     * Checks another attendant's station PIN for taking over the caller's device: someone outside
     * the caller's station (or not active staff) is "not found". A wrong PIN is counted before the
     * refusal is thrown, in a transaction of its own, so the count stays whatever the caller does next.
     */
    async checkStationPin(actor: Actor, attendantId: string, pin: string, now: Date): Promise<SwitchingAttendant> {
      const outcome = await db.transaction().execute(async (trx): Promise<PinOutcome> => {
        const row = await pins.lockStationPinRow(trx, attendantId);
        const stationId = actor.fuelStationId;
        if (!row || !stationId || row.fuel_station_id !== stationId || row.status !== 'ACTIVE' || !isStationRole(row.role as Role)) {
          throw notFound('Attendant');
        }
        if (row.id === actor.userId) throw new AppError('RULE_VIOLATION', 'This device is already signed in as you');
        if (row.station_pin_locked_until && row.station_pin_locked_until.getTime() > now.getTime()) {
          return { refusal: lockedRefusal(row.name, row.station_pin_locked_until, now) };
        }
        if (!row.station_pin_hash) {
          throw new AppError('RULE_VIOLATION', `${row.name} has no station PIN yet; they set one under Account › Security`);
        }
        if (!(await verifyPassword(row.station_pin_hash, pin))) return { refusal: await countWrongPin(trx, row, now) };
        if (row.station_pin_failures > 0 || row.station_pin_locked_until) await pins.saveStationPinFailures(trx, row.id, 0, null);
        return { attendant: { id: row.id, name: row.name, stationId } };
      });
      if ('refusal' in outcome) throw outcome.refusal;
      return outcome.attendant;
    },
  };
}
