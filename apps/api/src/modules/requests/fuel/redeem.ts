/**
 * Redeeming a fuel coupon at the station: the coupon, the vehicle's sticker and the driver's
 * confirmation checked, the dispensed volume paid at the locked price from the hold, the fill's
 * flags judged, and the organization and the driver told.
 */
import {
  dispensedFuelType,
  koboToNaira,
  type RouteBody,
  type SoldFuelType,
  type VehicleFuelType,
  type fuelRequestRoutes,
} from '@fleetfuel/contract';
import { hourMinute } from '../../../platform/clock.js';
import type { CouponClaims, VehicleStickerClaims } from '../../../platform/coupons.js';
import type { Database } from '../../../platform/db/database.js';
import { AppError, notFound } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/http/actor.js';
import { closeOpenOverrides } from '../../overrides/index.js';
import { reserveDraws } from '../../reserves/index.js';
import { driverConfirmation } from '../driver-confirmation.service.js';
import { litres, plateOf } from '../format.js';
import * as repository from '../fuel-requests.repository.js';
import type { FuelRequestRecord } from '../fuel-requests.repository.js';
import { lockRedeemableFuelRequest, type RedeemableFuelRequest } from '../redeemable-coupon.repository.js';
import { RefusalKept, decide } from '../request-decision.js';
import { enqueueFuelRequestWebhook } from '../request-webhooks.js';
import { outsideHoursFlag } from '../rules/attendant-patterns.js';
import { frozenFill, frozenRefusal } from '../rules/freeze-rules.js';
import { odometerBack } from '../rules/fuel-request-rules.js';
import { missingPumpEvidence, odometerExclusion } from '../rules/odometer-evidence.js';
import { costOf, feeOf } from '../rules/money.js';
import { couponMismatch, overDispensed, whyNotRedeemable } from '../rules/redemption-rules.js';
import { refuse } from '../rules/refusal.js';
import { vehicleScanRefusal } from '../rules/vehicle-scan.js';
import { stationPayment } from '../shared.js';
import { holdReference, type FuelRequestsDeps } from './deps.js';
import { expireFuelRequests } from './expire.js';
import { fuelRequestFlags } from './flags.js';
import { pumpPolicies } from './override-check.js';

type CompleteBody = RouteBody<typeof fuelRequestRoutes.complete>;

/** What the station sent and when, with the coupon's and the sticker's signatures already verified. */
interface Attempt {
  actor: Actor;
  body: CompleteBody;
  now: Date;
  scanned: CouponClaims | null;
  sticker: VehicleStickerClaims | null;
}
type Fill = Exclude<Awaited<ReturnType<typeof checkFill>>, RefusalKept>;

/** The station's opening hours as 'HH:MM', or null when it opens around the clock. */
function stationHours(request: RedeemableFuelRequest): { opens: string; closes: string } | null {
  const opens = hourMinute(request.station_opens_at);
  const closes = hourMinute(request.station_closes_at);
  return opens && closes ? { opens, closes } : null;
}

/** A frozen or wrong vehicle is refused before anything is read or written. */
function refuseWrongVehicle(request: RedeemableFuelRequest, attempt: Attempt): void {
  refuse(frozenRefusal(frozenFill(request.vehicle_plate ?? 'This asset', request)));
  const wrongVehicle = vehicleScanRefusal(
    {
      requiresScan: request.organization_requires_vehicle_scan,
      vehicleId: request.vehicle_id,
      organizationId: request.organization_id,
      plate: request.vehicle_plate,
    },
    attempt.body.vehicleQr !== undefined,
    attempt.sticker,
  );
  if (wrongVehicle) refuse({ field: 'vehicleQr', message: wrongVehicle });
}

/** The reading never goes back, and is typed and photographed where the organization requires it. */
function refuseReading(request: RedeemableFuelRequest, vehicle: Parameters<typeof odometerBack>[0], odometer: number | null): void {
  const evidence = {
    requiresReading: request.organization_requires_odometer,
    requiresPhoto: request.organization_requires_odometer_photo,
    hasPhoto: request.has_odometer_photo,
  };
  refuse(odometerBack(vehicle, odometer, 'odometer'), missingPumpEvidence(evidence, odometer));
}

/** Every rule of the pump, and the fill they allow: its vehicle (locked), cost, fee and flags. */
async function checkFill(deps: FuelRequestsDeps, trx: Database, request: RedeemableFuelRequest, attempt: Attempt) {
  const { body, now } = attempt;
  refuse(couponMismatch(request, body, attempt.scanned));
  const why = whyNotRedeemable(request, now);
  if (why) {
    // An expired coupon is expired for good (its money goes back) even though the redemption is refused.
    if (request.status === 'APPROVED') await expireFuelRequests(deps.ledger, trx, [request], attempt.actor);
    return new RefusalKept(why);
  }
  refuseWrongVehicle(request, attempt);
  const fuelType = request.fuel_type as SoldFuelType;
  const dispensed = body.dispensedVolume;
  refuse(overDispensed(dispensed, Number(request.volume), fuelType));
  const vehicle = await deps.vehicles.forRequest(trx, request.vehicle_id, request.organization_id, { lock: true });
  if (!vehicle) throw notFound('Vehicle');
  const odometer = body.odometer ?? null;
  refuseReading(request, vehicle, odometer);
  const priceKobo = BigInt(request.price_kobo as string);
  const amount = costOf(dispensed, priceKobo);
  // The organization's fuel policies at the real time, station and volume: a SOFT breach waits for
  // a manager's override (kept although the redemption is refused), unless one covers it.
  const policies = await pumpPolicies(
    deps,
    trx,
    request,
    {
      step: 'REDEMPTION',
      at: now,
      organizationId: request.organization_id,
      vehicle: { ...vehicle, plate: plateOf(vehicle) },
      fuelType,
      assetFuelType: dispensedFuelType(vehicle.fuel_type as VehicleFuelType),
      station: { id: request.station_id, name: request.station_name, state: request.station_state },
      supplyDate: request.supply_date,
      litres: dispensed,
      amountKobo: amount,
    },
    attempt,
  );
  if (policies instanceof RefusalKept) return policies;
  // The driver confirms last: a fill refused above costs no PIN attempt, and a one-time code is
  // not spent on a fill that waits for an override. A wrong PIN or code is counted even though the
  // redemption is refused, like an expiry above.
  const unconfirmed = await driverConfirmation.confirm(trx, request, body, attempt.actor, now);
  if (unconfirmed) return new RefusalKept(unconfirmed);
  // Judged before this fill joins the vehicle's history and its reading becomes the last one.
  const reading = odometer ?? (request.odometer === null ? null : Number(request.odometer));
  const flags = await fuelRequestFlags(
    trx,
    deps.prices,
    {
      id: request.id,
      vehicle,
      stationId: request.station_id,
      fuelType,
      volume: Number(request.volume),
      tankLevel: request.tank_level,
      odometer: reading,
      requestedAt: request.created_at,
      priceKobo,
      dispensedVolume: dispensed,
    },
    now,
  );
  const plate = vehicle.plate_number ?? vehicle.model;
  const exclusion = reading === null ? null : odometerExclusion(flags);
  return {
    vehicle,
    plate,
    fuelType,
    dispensed,
    // A reading that jumps too far is kept on the request but not measured from (rules/odometer-evidence.ts).
    odometer: exclusion === null ? odometer : reading,
    odometerExclusion: exclusion,
    amount,
    fee: feeOf(amount, deps.platformFeeBps),
    flags: [...flags, ...outsideHoursFlag(now, stationHours(request)), ...policies.flags],
    overrideId: policies.overrideId,
  };
}

/** The organization is told by its channels; the request's driver, fixed when it was raised, gets the receipt by text. */
async function tellRedemption(
  notifications: FuelRequestsDeps['notifications'],
  trx: Database,
  request: RedeemableFuelRequest,
  fill: Fill,
  completed: FuelRequestRecord,
  now: Date,
): Promise<void> {
  const fuel = { litres: Number(fill.dispensed), fuelType: fill.fuelType, plate: fill.plate, station: request.station_name };
  const amountKobo = fill.amount.toString();
  await notifications.notifyOrganization(
    trx,
    'couponRedeemed',
    request.organization_id,
    { template: 'couponRedeemed', params: { ...fuel, amountKobo } },
    [request.requested_by],
  );
  await notifications.text(
    trx,
    request.driver_id,
    {
      template: 'fuelReceipt',
      params: { ...fuel, code: request.coupon_code ?? '', amountKobo, at: (completed.redeemed_at ?? now).toISOString() },
    },
    request.organization_id,
  );
}

/**
 * The station is paid from the hold. The wallets and the platform's fee account are shared by every
 * redemption of the organization, the station and the platform, and each is locked until commit: the
 * capture moves them in its last statement, after the request's own writes (`record`, which name the
 * payment's entry), so that they are held for one round trip and the commit.
 */
async function payStation(
  ledger: FuelRequestsDeps['ledger'],
  trx: Database,
  request: RedeemableFuelRequest,
  fill: Fill,
  payment: { by: string; record: (entryId: string) => Promise<unknown> },
): Promise<void> {
  const what = `${litres(fill.dispensed, fill.fuelType)} of ${fill.fuelType} for ${plateOf(fill.vehicle)}`;
  const captured = await ledger.captureHold(
    trx,
    holdReference(request.id),
    {
      idempotencyKey: `redeem:${request.id}`,
      kind: 'PAYMENT',
      description: `Fuel redeemed: ${what}`,
      reference: request.coupon_code,
      createdBy: payment.by,
      postings: await stationPayment(ledger, trx, {
        organizationId: request.organization_id,
        stationId: request.station_id,
        amount: fill.amount,
        fee: fill.fee,
        note: `Fuel: ${what}`,
        feeNote: `Platform fee on ${request.coupon_code ?? request.id}`,
      }),
    },
    async (entryId) => {
      await payment.record(entryId);
    },
  );
  if (!captured) throw new AppError('CONFLICT', 'This coupon was just redeemed');
}

export async function redeemFuelCoupon(deps: FuelRequestsDeps, actor: Actor, id: string, body: CompleteBody): Promise<void> {
  const stationId = actor.fuelStationId;
  if (!stationId) throw notFound('Fuel request');
  // Verified before the transaction: the key lookup may read the database, and the embedded engine
  // runs one transaction at a time.
  const attempt: Attempt = {
    actor,
    body,
    now: deps.clock.now(),
    scanned: body.qr === undefined ? null : await deps.coupons.verify(body.qr),
    sticker: body.vehicleQr === undefined ? null : await deps.coupons.verifySticker(body.vehicleQr),
  };
  await decide(deps.notifications, {
    entity: 'Fuel request',
    lock: async (trx) => {
      const request = await lockRedeemableFuelRequest(trx, id);
      return request?.station_id === stationId ? request : undefined;
    },
    check: (trx, request) => checkFill(deps, trx, request, attempt),
    async change(trx, request, fill, entryId) {
      if (fill.odometer !== null && fill.odometerExclusion === null)
        await deps.vehicles.recordOdometer(trx, fill.vehicle.id, fill.odometer);
      if (request.holds_reserve_litres) await reserveDraws.release(trx, id, Number(request.volume) - fill.dispensed);
      if (request.has_open_override) await closeOpenOverrides(trx, [id], fill.overrideId);
      return repository.markCompleted(trx, id, {
        organizationId: request.organization_id,
        redeemedBy: actor.userId,
        dispensedVolume: fill.dispensed,
        amountKobo: fill.amount,
        feeKobo: fill.fee,
        entryId: entryId as string,
        odometer: fill.odometer,
        odometerExclusion: fill.odometerExclusion,
        flags: fill.flags,
      });
    },
    audit: (request, fill) => ({
      actor,
      action: 'fuel_request.redeemed',
      entityId: id,
      organizationId: request.organization_id,
      stationId: request.station_id,
      before: { status: request.status },
      after: { status: 'COMPLETED', dispensedVolume: fill.dispensed, amount: koboToNaira(fill.amount), fee: koboToNaira(fill.fee) },
    }),
    webhook: (trx, completed) => enqueueFuelRequestWebhook(trx, 'fuel_request.redeemed', completed),
    notify: (trx, request, fill, completed) => tellRedemption(deps.notifications, trx, request, fill, completed, attempt.now),
    money: (trx, request, fill, record) => payStation(deps.ledger, trx, request, fill, { by: actor.userId, record }),
  });
}
