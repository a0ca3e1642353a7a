/** A fuel coupon outside its decisions: its PDF, and the request a station's typed code or scanned QR stands for. */
import { FUEL_UNITS, formatNaira, type SoldFuelType } from '@fleetfuel/contract';
import { normalizeCouponCode } from '../../../platform/coupons.js';
import { AppError } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/http/actor.js';
import { dateTimeIn, dayIn, fuelName, languageOf } from '../../notifications/index.js';
import { requestCouponPdf } from '../coupon-pdf.js';
import { confirmationLockMessage, driverConfirmation } from '../driver-confirmation.service.js';
import { litres } from '../format.js';
import * as repository from '../fuel-requests.repository.js';
import type { FuelRequestRow } from '../fuel-requests.repository.js';
import { pumpRequirements } from '../redeemable-coupon.repository.js';
import { whyNotRedeemable } from '../rules/redemption-rules.js';
import type { FuelRequestsDeps } from './deps.js';
import { toFuelRequest, type FuelRequestReader } from './view.js';

/**
 * The coupon of an approved (or redeemed) request as a PDF, with its signed QR. It is the driver's
 * paper, shown at the pump: worded in the language of the driver it is for, whoever downloads it
 * (an admin prints it for the driver); a request without a driver, in the downloader's language.
 */
export async function fuelCouponPdf(
  deps: Pick<FuelRequestsDeps, 'db' | 'clock'> & { reader: FuelRequestReader },
  actor: Actor,
  id: string,
) {
  const row = await deps.reader.view(actor, id);
  if (row.status !== 'APPROVED' && row.status !== 'COMPLETED') {
    throw new AppError('RULE_VIOLATION', 'Only approved requests have a coupon');
  }
  const language = languageOf(await repository.languageOfFirst(deps.db, [row.driver_id, actor.userId]));
  const fuelType = row.fuel_type as SoldFuelType;
  return requestCouponPdf({
    kind: 'FUEL',
    language,
    filePrefix: 'fuel-coupon',
    row: { ...row, status: row.status },
    qrPayload: await deps.reader.couponPayload(row),
    generatedAt: dateTimeIn(language, deps.clock.now().toISOString()),
    details: (labels) => [
      [labels.fuel, fuelName(language, fuelType)],
      [labels.volume, litres(row.volume, fuelType)],
      [labels.priceLocked, row.price_kobo ? `${formatNaira(row.price_kobo)} ${labels.perUnit(FUEL_UNITS[fuelType])}` : '—'],
      [labels.station, `${row.station_name}${row.station_address ? `, ${row.station_address}` : ''}`],
      [labels.supplyDate, dayIn(language, row.supply_date)],
      [labels.expires, row.coupon_expires_at ? dateTimeIn(language, row.coupon_expires_at.toISOString()) : '—'],
    ],
  });
}

/** The request a code or QR stands for, as the station sees it, whether it is redeemable or not. */
export async function findFuelCouponForStation(
  deps: Pick<FuelRequestsDeps, 'db' | 'clock' | 'coupons'>,
  stationId: string,
  coupon: { code?: string | undefined; qr?: string | undefined },
) {
  const { db } = deps;
  let row: FuelRequestRow | undefined;
  if (coupon.qr !== undefined) {
    const claims = await deps.coupons.verify(coupon.qr);
    if (!claims) throw new AppError('RULE_VIOLATION', 'This QR code is not a valid FleetFuel coupon', { field: 'qr' });
    if (claims.kind !== 'F') return null;
    row = await repository.findFuelRequest(db, claims.requestId, { organizationId: null });
  } else {
    row = await repository.findFuelRequestByCode(db, normalizeCouponCode(coupon.code ?? ''));
  }
  if (!row || row.station_id !== stationId) return null;
  const now = deps.clock.now();
  return {
    row,
    request: toFuelRequest(row),
    message: whyNotRedeemable(row, now) ?? confirmationLockMessage(row, now),
    driverConfirmationRequired: await driverConfirmation.required(db, row.organization_id),
    ...(await pumpRequirements(db, row.organization_id)),
  };
}
