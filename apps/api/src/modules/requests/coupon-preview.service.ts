/** What a code or QR read at a station stands for: a fuel coupon or a work order of that station. */
import { AppError, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import type { FuelRequestsService } from './fuel-requests.service.js';
import type { MaintenanceService } from './maintenance.service.js';

export async function previewCoupon(
  actor: Actor,
  coupon: { code?: string | undefined; qr?: string | undefined },
  services: { fuel: FuelRequestsService; maintenance: MaintenanceService },
) {
  const stationId = actor.fuelStationId;
  if (!stationId) throw new AppError('FORBIDDEN', 'Only station staff redeem coupons');
  const asFuel = await services.fuel.findForStation(stationId, coupon);
  if (asFuel)
    return {
      kind: 'FUEL' as const,
      redeemable: asFuel.message === null,
      message: asFuel.message,
      driverConfirmationRequired: asFuel.driverConfirmationRequired,
      vehicleScanRequired: asFuel.vehicleScanRequired,
      odometerRequired: asFuel.odometerRequired,
      odometerPhotoRequired: asFuel.odometerPhotoRequired,
      fuelRequest: asFuel.request,
      maintenanceRequest: null,
    };
  const asJob = await services.maintenance.findForStation(stationId, coupon);
  if (asJob)
    return {
      kind: 'MAINTENANCE' as const,
      redeemable: asJob.message === null,
      message: asJob.message,
      // Driver confirmation covers fuel coupons only; a work order is completed as before.
      driverConfirmationRequired: false,
      vehicleScanRequired: false,
      odometerRequired: false,
      odometerPhotoRequired: false,
      fuelRequest: null,
      maintenanceRequest: asJob.request,
    };
  throw notFound('Coupon');
}
