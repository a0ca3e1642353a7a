/** A fuel coupon outside its decisions: its PDF, and the request a station's typed code or scanned QR stands for. */
import { FUEL_UNITS, lagosDateTime, type SoldFuelType } from '@fleetfuel/contract';
import { normalizeCouponCode } from '../../../platform/coupons.js';
import { AppError } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/http/actor.js';
import { renderCoupon } from '../../../platform/pdf/coupon.js';
import { money } from '../../../platform/pdf/document.js';
import { confirmationLockMessage, driverConfirmation } from '../driver-confirmation.service.js';
import { litres } from '../format.js';
import * as repository from '../fuel-requests.repository.js';
import type { FuelRequestRow } from '../fuel-requests.repository.js';
import { pumpRequirements } from '../redeemable-coupon.repository.js';
import { whyNotRedeemable } from '../rules/redemption-rules.js';
import type { FuelRequestsDeps } from './deps.js';
import { toFuelRequest, type FuelRequestReader } from './view.js';

/** The coupon of an approved (or redeemed) request as a PDF, with its signed QR. */
export async function fuelCouponPdf(deps: Pick<FuelRequestsDeps, 'clock'> & { reader: FuelRequestReader }, actor: Actor, id: string) {
  const row = await deps.reader.view(actor, id);
  if (row.status !== 'APPROVED' && row.status !== 'COMPLETED') {
    throw new AppError('RULE_VIOLATION', 'Only approved requests have a coupon');
  }
  const fuelType = row.fuel_type as SoldFuelType;
  const pdf = await renderCoupon({
    kind: 'FUEL',
    code: row.coupon_code as string,
    qrPayload: await deps.reader.couponPayload(row),
    organization: row.organization_name,
    generatedAt: lagosDateTime(deps.clock.now()),
    rows: [
      ['Organization', row.organization_name],
      ['Vehicle', `${row.make} ${row.model}`],
      ['Plate number', row.plate_number ?? '—'],
      ['Fuel', fuelType],
      ['Volume (at most)', litres(row.volume, fuelType)],
      ['Price locked', row.price_kobo ? `${money(BigInt(row.price_kobo))} per ${FUEL_UNITS[fuelType]}` : '—'],
      ['Station', `${row.station_name}${row.station_address ? `, ${row.station_address}` : ''}`],
      ['Supply date', row.supply_date],
      ['Expires', row.coupon_expires_at ? lagosDateTime(row.coupon_expires_at) : '—'],
      ['Requested by', row.requester_name],
      ['Approved by', row.approver_name ?? '—'],
      ['Status', row.status],
    ],
  });
  return {
    pdf,
    filename: `fuel-coupon-${(row.plate_number ?? row.model).replace(/[^A-Za-z0-9-]/g, '')}-${row.coupon_code as string}.pdf`,
  };
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
