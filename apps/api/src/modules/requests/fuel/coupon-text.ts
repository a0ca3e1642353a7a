/**
 * Texting an approved coupon again, at the driver's asking (the USSD menu, issue 46): the same
 * template the approval sent, worded in the recipient's language when it is sent, through the same
 * outbox, to the request's driver (or the requester, when the vehicle had no driver), as soon as it
 * is written.
 */
import type { SoldFuelType } from '@fleetfuel/contract';
import { AppError } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/http/actor.js';
import type { FuelRequestsDeps } from './deps.js';
import type { createFuelRequestReader } from './view.js';

type Reader = ReturnType<typeof createFuelRequestReader>;

export async function textFuelCoupon(
  deps: Pick<FuelRequestsDeps, 'notifications'>,
  reader: Reader,
  actor: Actor,
  id: string,
): Promise<{ message: string }> {
  const row = await reader.view(actor, id);
  if (row.status !== 'APPROVED' || !row.coupon_code || !row.coupon_expires_at) {
    throw new AppError('RULE_VIOLATION', 'Only an approved coupon can be sent by text');
  }
  const params = {
    litres: Number(row.volume),
    fuelType: row.fuel_type as SoldFuelType,
    plate: row.plate_number ?? row.model,
    code: row.coupon_code,
    station: row.station_name,
    expiresAt: new Date(row.coupon_expires_at).toISOString(),
  };
  await deps.notifications.sendingAfterCommit((trx) =>
    deps.notifications.text(trx, row.driver_id ?? row.requested_by, { template: 'fuelCoupon', params }, row.organization_id),
  );
  return { message: 'The coupon was sent by text' };
}
