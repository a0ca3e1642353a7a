/** A fuel request as the API answers it: its row in the contract's shape, with its coupon's QR for those who hold coupons. */
import { FUEL_UNITS, hasPermission, koboToNaira, type FuelRequest, type SoldFuelType } from '@fleetfuel/contract';
import type { CouponSigner } from '../../../platform/coupons.js';
import type { Database } from '../../../platform/db/database.js';
import { notFound } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/http/actor.js';
import * as repository from '../fuel-requests.repository.js';
import type { FuelRequestRow } from '../fuel-requests.repository.js';
import { personOf, requestBase } from '../request-view.js';
import { scopeFor } from '../shared.js';

/**
 * The request as a reply. Its anomaly flags are for managers (`flags.read`): a driver's or a
 * station's reply never carries the flags raised about the fill.
 */
export function toFuelRequest(row: FuelRequestRow, showFlags = false): FuelRequest {
  const fuelType = row.fuel_type as SoldFuelType;
  // A reading left out of efficiency is still the reading the pump recorded.
  const reading = row.odometer ?? row.odometer_excluded;
  return {
    ...requestBase(row),
    currentOdometerReading: reading === null ? null : Number(reading),
    odometerExclusion: row.odometer_excluded_reason,
    id: row.id,
    supplyDate: row.supply_date,
    station: { id: row.station_id, name: row.station_name, address: row.station_address },
    volume: Number(row.volume),
    unit: FUEL_UNITS[fuelType],
    fuelType,
    status: row.status as FuelRequest['status'],
    approvalNote: row.approval_note,
    pricePerUnit: row.price_kobo === null ? null : koboToNaira(row.price_kobo),
    heldAmount: row.hold_kobo === null ? null : koboToNaira(row.hold_kobo),
    qrPayload: null,
    couponExpiresAt: row.coupon_expires_at?.toISOString() ?? null,
    redeemedBy: personOf(row.redeemed_by, row.redeemer_name),
    redeemedAt: row.redeemed_at?.toISOString() ?? null,
    dispensedVolume: row.dispensed_volume === null ? null : Number(row.dispensed_volume),
    amount: row.amount_kobo === null ? null : koboToNaira(row.amount_kobo),
    flags: showFlags ? row.flags : [],
  };
}

/** Reading requests for replies: in the caller's scope (404 outside it), or as a change left them. */
export function createFuelRequestReader(deps: { db: Database; coupons: CouponSigner }) {
  const { db, coupons } = deps;

  /** The QR content of an approved request's coupon: what its PDF prints and the web app draws. */
  function couponPayload(row: FuelRequestRow): Promise<string> {
    return coupons.sign({
      kind: 'F',
      requestId: row.id,
      stationId: row.station_id,
      max: row.volume,
      expiresAt: Math.floor((row.coupon_expires_at as Date).getTime() / 1000),
      code: row.coupon_code as string,
      fuelType: row.fuel_type,
      plate: row.plate_number,
    });
  }

  /** The reply of a request, with its coupon's QR content for those who may hold the coupon. */
  async function withCoupon(actor: Actor, row: FuelRequestRow): Promise<FuelRequest> {
    const request = toFuelRequest(row, hasPermission(actor.role, 'flags.read'));
    if (row.status !== 'APPROVED' || !row.coupon_code || !hasPermission(actor.role, 'coupons.download')) return request;
    return { ...request, qrPayload: await couponPayload(row) };
  }

  return {
    couponPayload,
    withCoupon,

    /** The request in the actor's scope; another tenant's id answers 404. */
    async view(actor: Actor, id: string): Promise<FuelRequestRow> {
      const row = await repository.findFuelRequest(db, id, await scopeFor(db, actor, {}));
      if (!row) throw notFound('Fuel request');
      return row;
    },

    /** The request as it now stands, for the reply to `actor` who just changed it. */
    async reload(id: string, actor: Actor): Promise<FuelRequest> {
      const row = await repository.findFuelRequest(db, id, { organizationId: null });
      if (!row) throw notFound('Fuel request');
      return withCoupon(actor, row);
    },
  };
}

export type FuelRequestReader = ReturnType<typeof createFuelRequestReader>;
