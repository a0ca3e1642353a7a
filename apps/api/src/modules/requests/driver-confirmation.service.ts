/**
 * Driver confirmation at the pump (issue 13): when its organization requires it, a coupon redeems
 * only with the driver's PIN or a one-time code texted to the driver. Wrong tries are counted on the
 * request inside the redemption's transaction, so the count is kept even though the redemption is
 * refused; the fifth locks the coupon for a while, which the alerts centre shows the organization.
 */
import { randomInt } from 'node:crypto';
import { CONFIRMATION_CODE_LENGTH, DRIVER_CONFIRMATION, lagosDateTime } from '@fleetfuel/contract';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import type { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import { auditTrail, type AuditActor } from '../audit/index.js';
import * as repository from './driver-confirmation.repository.js';
import type { RedeemableFuelRequest } from './redeemable-coupon.repository.js';

const { tries: CONFIRMATION_TRIES, lockMinutes: CONFIRMATION_LOCK_MINUTES, codeMinutes: CONFIRMATION_CODE_MINUTES } = DRIVER_CONFIRMATION;
const MINUTE_MS = 60_000;

type ConfirmingRequest = Pick<
  RedeemableFuelRequest,
  | 'organization_requires_confirmation'
  | 'id'
  | 'organization_id'
  | 'station_id'
  | 'driver_id'
  | 'confirmation_failures'
  | 'confirmation_locked_until'
  | 'confirmation_code_hash'
  | 'confirmation_code_expires_at'
>;

/** Why the coupon cannot be confirmed now (its lock after wrong tries), or null. */
export function confirmationLockMessage(request: Pick<ConfirmingRequest, 'confirmation_locked_until'>, now: Date): string | null {
  const until = request.confirmation_locked_until;
  return until && until.getTime() > now.getTime()
    ? `This coupon is locked until ${lagosDateTime(until)} after ${CONFIRMATION_TRIES} wrong tries`
    : null;
}

export const driverConfirmation = {
  required: (db: Database, organizationId: string) => repository.requiresDriverConfirmation(db, organizationId),

  /**
   * A fresh one-time code for the request, stored hashed with its expiry (an earlier code stops
   * counting). Inside the caller's transaction, on the locked row.
   */
  async issueCode(trx: Database, request: ConfirmingRequest, now: Date): Promise<string> {
    if (!request.organization_requires_confirmation) {
      throw new AppError('RULE_VIOLATION', 'This coupon needs no driver confirmation; redeem it directly');
    }
    const locked = confirmationLockMessage(request, now);
    if (locked) throw new AppError('RULE_VIOLATION', locked);
    const code = randomInt(0, 10 ** CONFIRMATION_CODE_LENGTH)
      .toString()
      .padStart(CONFIRMATION_CODE_LENGTH, '0');
    const expiresAt = new Date(now.getTime() + CONFIRMATION_CODE_MINUTES * MINUTE_MS);
    await repository.storeConfirmationCode(trx, request.id, await hashPassword(code), expiresAt);
    return code;
  },

  /**
   * Checks the driver's confirmation inside the redemption's transaction, on the locked row: null
   * when the redemption may go on (confirmed, or not required), otherwise why not. A wrong PIN or
   * code is written before the refusal is returned, for the caller to commit and then refuse. One
   * box at the pump takes whichever the driver gives, so the value is checked against the driver's
   * PIN and the live code alike; a right one clears the count, and a used code is gone.
   */
  async confirm(
    trx: Database,
    request: ConfirmingRequest,
    given: { driverPin?: string | undefined; confirmationCode?: string | undefined },
    actor: AuditActor,
    now: Date,
  ): Promise<string | null> {
    if (!request.organization_requires_confirmation) return null;
    const locked = confirmationLockMessage(request, now);
    if (locked) return locked;
    const secret = given.driverPin ?? given.confirmationCode;
    if (secret === undefined) return 'The driver must confirm this redemption';
    const pinHash = request.driver_id ? await repository.driverPumpPinHash(trx, request.driver_id) : null;
    const codeLive = request.confirmation_code_expires_at !== null && request.confirmation_code_expires_at.getTime() > now.getTime();
    const codeHash = codeLive ? request.confirmation_code_hash : null;
    if (!pinHash && !codeHash) {
      return request.confirmation_code_hash
        ? 'The one-time code has expired; send a new code to the driver'
        : 'The driver has no pump PIN; send a one-time code to the driver';
    }
    const right =
      (pinHash !== null && (await verifyPassword(pinHash, secret))) || (codeHash !== null && (await verifyPassword(codeHash, secret)));
    if (right) {
      await repository.markConfirmed(trx, request.id);
      return null;
    }
    const failures = request.confirmation_failures + 1;
    if (failures < CONFIRMATION_TRIES) {
      await repository.recordWrongTry(trx, request.id, failures);
      const left = CONFIRMATION_TRIES - failures;
      return `Wrong PIN or code; ${left} ${left === 1 ? 'try' : 'tries'} left`;
    }
    const until = new Date(now.getTime() + CONFIRMATION_LOCK_MINUTES * MINUTE_MS);
    await repository.lockConfirmation(trx, request.id, until);
    await auditTrail.record(trx, {
      actor,
      action: 'fuel_request.confirmation_locked',
      entityId: request.id,
      organizationId: request.organization_id,
      stationId: request.station_id,
      before: { confirmationLockedUntil: null },
      after: { confirmationLockedUntil: until },
      note: `${CONFIRMATION_TRIES} wrong driver PINs or codes at the pump`,
    });
    return `This coupon is locked for ${CONFIRMATION_LOCK_MINUTES} minutes after ${CONFIRMATION_TRIES} wrong tries`;
  },
};
