/**
 * Texting the driver a one-time code that confirms this coupon's redemption, when its organization
 * requires confirmation; the attendant starts it, so it is scoped to the station like a redemption.
 */
import { DRIVER_CONFIRMATION, type SoldFuelType } from '@fleetfuel/contract';
import { AppError, notFound } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/http/actor.js';
import { driverConfirmation } from '../driver-confirmation.service.js';
import * as repository from '../fuel-requests.repository.js';
import { lockRedeemableFuelRequest } from '../redeemable-coupon.repository.js';
import { whyNotRedeemable } from '../rules/redemption-rules.js';
import type { FuelRequestsDeps } from './deps.js';

export async function sendConfirmationCode(deps: Pick<FuelRequestsDeps, 'db' | 'clock' | 'notifications'>, actor: Actor, id: string) {
  const { db, notifications } = deps;
  const stationId = actor.fuelStationId;
  const visible = await repository.findFuelRequest(db, id, { organizationId: null });
  if (!stationId || !visible || visible.station_id !== stationId) throw notFound('Fuel request');
  if (!visible.driver_id)
    throw new AppError('RULE_VIOLATION', 'This vehicle had no driver when fuel was requested; no driver can confirm it');
  if (!(await notifications.mobileOf(visible.driver_id))) {
    throw new AppError('RULE_VIOLATION', "The driver has no phone number; use the driver's PIN");
  }
  const now = deps.clock.now();
  await notifications.sendingAfterCommit(async (trx) => {
    const request = await lockRedeemableFuelRequest(trx, id);
    if (!request) throw notFound('Fuel request');
    const why = whyNotRedeemable(request, now);
    if (why) throw new AppError('RULE_VIOLATION', why);
    const code = await driverConfirmation.issueCode(trx, request, now);
    const fuelType = visible.fuel_type as SoldFuelType;
    await notifications.text(
      trx,
      visible.driver_id,
      {
        template: 'confirmationCode',
        params: {
          code,
          litres: Number(visible.volume),
          fuelType,
          plate: visible.plate_number ?? visible.model,
          station: visible.station_name,
          minutes: DRIVER_CONFIRMATION.codeMinutes,
        },
      },
      visible.organization_id,
    );
  });
  return { message: "A one-time code was sent to the driver's phone" };
}
