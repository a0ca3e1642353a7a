/**
 * The reads and writes of driver confirmation at the pump (migration 0023): the organization's rule,
 * the driver's PIN hash, and the request's one-time code and wrong-try count, written on the row
 * the redemption holds locked.
 */
import type { Database } from '../../platform/db/database.js';

export async function requiresDriverConfirmation(db: Database, organizationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('organizations')
    .select('require_driver_confirmation')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return row?.require_driver_confirmation ?? false;
}

export async function driverPumpPinHash(db: Database, driverId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('pump_pin_hash').where('id', '=', driverId).executeTakeFirst();
  return row?.pump_pin_hash ?? null;
}

export async function storeConfirmationCode(db: Database, requestId: string, codeHash: string, expiresAt: Date): Promise<void> {
  await db
    .updateTable('fuel_requests')
    .set({ confirmation_code_hash: codeHash, confirmation_code_expires_at: expiresAt })
    .where('id', '=', requestId)
    .execute();
}

/** A right PIN or code: the count starts again and a code, once used, is gone. */
export async function markConfirmed(db: Database, requestId: string): Promise<void> {
  await db
    .updateTable('fuel_requests')
    .set({ confirmation_failures: 0, confirmation_locked_until: null, confirmation_code_hash: null, confirmation_code_expires_at: null })
    .where('id', '=', requestId)
    .execute();
}

export async function recordWrongTry(db: Database, requestId: string, failures: number): Promise<void> {
  await db.updateTable('fuel_requests').set({ confirmation_failures: failures }).where('id', '=', requestId).execute();
}

/** The last wrong try locks the coupon; the count starts again when the lock ends, and a texted code is void. */
export async function lockConfirmation(db: Database, requestId: string, until: Date): Promise<void> {
  await db
    .updateTable('fuel_requests')
    .set({ confirmation_failures: 0, confirmation_locked_until: until, confirmation_code_hash: null, confirmation_code_expires_at: null })
    .where('id', '=', requestId)
    .execute();
}
