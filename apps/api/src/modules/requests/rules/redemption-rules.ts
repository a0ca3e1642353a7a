/**
 * The rules of a coupon at the pump and of a work order at the workshop, as pure functions of the
 * locked request and what the station sent. The coupon's QR signature is verified by the caller.
 */
import { lagosDateTime, type SoldFuelType } from '@fleetfuel/contract';
import type { CouponClaims } from '../../../platform/coupons.js';
import { normalizeCouponCode } from '../../../platform/coupons.js';
import { litres } from '../format.js';
import type { Refusal } from './refusal.js';

/** Why a request's coupon cannot be redeemed now, or null when it can. */
export function whyNotRedeemable(
  row: { status: string; redeemed_at: Date | null; coupon_expires_at: Date | null },
  now: Date,
): string | null {
  switch (row.status) {
    case 'PENDING':
      return 'This request has not been approved yet';
    case 'REJECTED':
      return 'This request was rejected; its coupon is not valid';
    case 'COMPLETED':
      return `This coupon was already redeemed on ${row.redeemed_at ? lagosDateTime(row.redeemed_at) : 'an earlier day'}`;
    case 'EXPIRED':
      return `This coupon expired on ${row.coupon_expires_at ? lagosDateTime(row.coupon_expires_at) : 'an earlier day'}`;
    default:
      return row.coupon_expires_at && row.coupon_expires_at.getTime() < now.getTime()
        ? `This coupon expired on ${lagosDateTime(row.coupon_expires_at)}`
        : null;
  }
}

/** Why a work order cannot be completed now, or null when it can. */
export function whyNotCompletable(row: { status: string; completed_at: Date | null }): string | null {
  switch (row.status) {
    case 'PENDING':
      return 'This maintenance request has not been approved yet';
    case 'REJECTED':
      return 'This maintenance request was rejected; its work order is not valid';
    case 'COMPLETED':
      return `This work order was already completed on ${row.completed_at ? lagosDateTime(row.completed_at) : 'an earlier day'}`;
    default:
      return null;
  }
}

/**
 * Whether a typed code or a scanned QR stands for this fuel request: `scanned` is the QR's verified
 * claims (null when its signature failed), `coupon.qr` says whether a QR was sent at all.
 */
export function couponMismatch(
  request: { id: string; station_id: string; volume: string; coupon_code: string | null },
  coupon: { code?: string | undefined; qr?: string | undefined },
  scanned: CouponClaims | null,
): Refusal | null {
  if (coupon.qr !== undefined) {
    if (!scanned || scanned.kind !== 'F') return { field: 'qr', message: 'This QR code is not a valid FleetFuel fuel coupon' };
    const same = scanned.requestId === request.id && scanned.stationId === request.station_id && scanned.max === request.volume;
    return same ? null : { field: 'qr', message: 'This QR code belongs to another coupon' };
  }
  if (request.coupon_code && normalizeCouponCode(coupon.code ?? '') === request.coupon_code) return null;
  return { field: 'code', message: 'The coupon code does not match this request' };
}

/** Whether a scanned QR or typed code stands for this maintenance job's work order. */
export function workOrderMismatch(
  request: { id: string; coupon_code: string | null },
  workOrder: { code?: string | undefined; qr?: string | undefined },
  scanned: CouponClaims | null,
): Refusal | null {
  if (workOrder.qr !== undefined) {
    const same = scanned !== null && scanned.kind === 'M' && scanned.requestId === request.id;
    return same ? null : { field: 'qr', message: 'This QR code is not the work order of this job' };
  }
  if (request.coupon_code && normalizeCouponCode(workOrder.code ?? '') === request.coupon_code) return null;
  return { field: 'code', message: 'The work order code does not match this job' };
}

/** A coupon dispenses at most the volume it was approved for. */
export function overDispensed(dispensed: number, approved: number, fuelType: SoldFuelType): Refusal | null {
  if (dispensed <= approved) return null;
  return {
    code: 'VALIDATION_FAILED',
    field: 'dispensedVolume',
    message: `At most ${litres(approved, fuelType)} may be dispensed on this coupon`,
  };
}
