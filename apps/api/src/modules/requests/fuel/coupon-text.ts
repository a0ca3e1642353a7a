/**
 * Texting an approved coupon again, at the driver's asking (the USSD menu, issue 46): the same text
 * the approval sent, through the same outbox, to the request's driver (or the requester, when the
 * vehicle had no driver), as soon as it is written.
 */
import { lagosDateTime, type SoldFuelType } from '@fleetfuel/contract';
import { AppError } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/http/actor.js';
import { litres } from '../format.js';
import { couponText } from '../request-texts.js';
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
  const fuelType = row.fuel_type as SoldFuelType;
  const message = couponText({
    code: row.coupon_code,
    volume: `${litres(row.volume, fuelType)} of ${fuelType}`,
    plate: row.plate_number ?? row.model,
    station: row.station_name,
    expires: lagosDateTime(row.coupon_expires_at),
  });
  await deps.notifications.sendingAfterCommit((trx) =>
    deps.notifications.text(trx, row.driver_id ?? row.requested_by, message, row.organization_id),
  );
  return { message: 'The coupon was sent by text' };
}
