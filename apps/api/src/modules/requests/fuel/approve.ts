/**
 * Approving a fuel request: the vehicle's, station's and group's rules, the reserve draw, the price
 * locked, the coupon issued, the requester and the driver told, and the money held last.
 */
import { MESSAGES, dispensedFuelType, koboToNaira, type SoldFuelType, type VehicleFuelType } from '@fleetfuel/contract';
import { addDays } from '../../../platform/clock.js';
import { newCouponCode } from '../../../platform/coupons.js';
import type { Database } from '../../../platform/db/database.js';
import { isUniqueViolation } from '../../../platform/db/database.js';
import { AppError, notFound } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/http/actor.js';
import { reserveDraws } from '../../reserves/index.js';
import { plateOf } from '../format.js';
import * as repository from '../fuel-requests.repository.js';
import type { FuelRequestRecord, LockedFuelRequest } from '../fuel-requests.repository.js';
import { decide } from '../request-decision.js';
import { enqueueFuelRequestWebhook } from '../request-webhooks.js';
import { frozenFill, frozenRefusal } from '../rules/freeze-rules.js';
import { budgetAlertNotice } from '../rules/budget-usage.js';
import { approvalRefusal, groupCapExceeded } from '../rules/fuel-request-rules.js';
import { costOf } from '../rules/money.js';
import { notPending, refuse } from '../rules/refusal.js';
import { holdForApproval } from '../shared.js';
import { holdReference, type FuelRequestsDeps } from './deps.js';
import { checkFuelPolicies } from './policy-check.js';

type ApprovalDeps = Pick<FuelRequestsDeps, 'ledger' | 'vehicles' | 'prices' | 'usage' | 'notifications' | 'policies' | 'clock'>;
type Approval = Awaited<ReturnType<typeof checkApproval>>;

/** Every rule of the approval, and what the approval then needs: read (and the vehicle and group locked) here. */
async function checkApproval(deps: ApprovalDeps, trx: Database, request: LockedFuelRequest, note: string | null) {
  refuse(notPending(request.status, 'approved'));
  await deps.usage.assertWritable(trx, request.organization_id, 'no requests can be approved');
  const fuelType = request.fuel_type as SoldFuelType;
  const vehicle = await deps.vehicles.forRequest(trx, request.vehicle_id, request.organization_id, { lock: true });
  if (!vehicle) throw notFound('Vehicle');
  const station = await deps.prices.station(trx, request.station_id);
  refuse(
    frozenRefusal(frozenFill(plateOf(vehicle), request)),
    approvalRefusal({
      vehicle,
      station,
      fuelType,
      supplyDate: request.supply_date,
      flagged: request.flags.length > 0,
      note,
      flaggedNoteMessage: MESSAGES.flaggedApprovalNoteRequired,
    }),
  );
  // The group's daily cap, counted under the group's row lock so that concurrent approvals queue.
  if (vehicle.department_id) {
    const group = await deps.vehicles.lockDepartment(trx, vehicle.department_id);
    const capLitres = Number(group?.max_daily_consumption ?? 0);
    if (capLitres > 0) {
      refuse(
        groupCapExceeded({
          groupName: vehicle.department_name,
          capLitres,
          committedLitres: await repository.groupVolumeOn(trx, vehicle.department_id, request.supply_date, request.id),
          requestedLitres: Number(request.volume),
          fuelType,
          supplyDate: request.supply_date,
        }),
      );
    }
  }
  const stationName = station?.name ?? 'The station';
  const priceKobo = await deps.prices.currentPriceKobo(trx, request.station_id, fuelType);
  if (priceKobo === null)
    throw new AppError('RULE_VIOLATION', `${stationName} has no price for ${fuelType} yet; it must set one before approval`);
  const holdKobo = costOf(request.volume, priceKobo);
  // The organization's fuel policies on the money this approval holds; a SOFT breach was flagged
  // when the request was made, and the approver sees it.
  const { budgetAlerts } = await checkFuelPolicies(deps, trx, {
    step: 'APPROVAL',
    at: deps.clock.now(),
    organizationId: request.organization_id,
    vehicle: { ...vehicle, plate: plateOf(vehicle) },
    fuelType,
    assetFuelType: dispensedFuelType(vehicle.fuel_type as VehicleFuelType),
    station: { id: request.station_id, name: stationName, state: station?.state ?? null },
    supplyDate: request.supply_date,
    litres: Number(request.volume),
    amountKobo: holdKobo,
  });
  return {
    vehicle,
    stationName,
    fuelType,
    priceKobo,
    holdKobo,
    budgetAlerts,
    expiresAt: new Date(`${addDays(request.supply_date, vehicle.coupon_validity_days)}T23:59:59+01:00`),
  };
}

/** The reserve's litres drawn, then the request approved with its locked price and a new coupon code. */
async function markApproved(
  trx: Database,
  request: LockedFuelRequest,
  approval: Approval,
  by: { userId: string; note: string | null },
): Promise<FuelRequestRecord> {
  const { id } = request;
  await reserveDraws.draw(trx, {
    id,
    organizationId: request.organization_id,
    fuelType: approval.fuelType,
    volume: Number(request.volume),
  });
  // A code collision is astronomically rare; a second draw settles it.
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await repository.markApproved(trx, id, {
        approvedBy: by.userId,
        priceKobo: approval.priceKobo,
        holdKobo: approval.holdKobo,
        couponCode: newCouponCode(),
        couponExpiresAt: approval.expiresAt,
        note: by.note,
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 2) throw error;
    }
  }
}

/** The requester is told by their channels; the request's driver, fixed when it was raised, gets the coupon by text. */
async function tellApproval(
  notifications: FuelRequestsDeps['notifications'],
  trx: Database,
  request: LockedFuelRequest,
  { vehicle, stationName, fuelType, expiresAt, budgetAlerts }: Approval,
  approved: FuelRequestRecord,
): Promise<void> {
  const plate = vehicle.plate_number ?? vehicle.model;
  const fuel = { litres: Number(request.volume), fuelType, plate };
  const code = approved.coupon_code ?? '';
  await notifications.notify(
    trx,
    'requestDecisions',
    [request.requested_by],
    {
      template: 'fuelApproved',
      params: { ...fuel, station: stationName, supplyDate: request.supply_date, code, expiresAt: expiresAt.toISOString() },
    },
    request.organization_id,
  );
  await notifications.text(
    trx,
    request.driver_id,
    { template: 'fuelCoupon', params: { ...fuel, code, station: stationName, expiresAt: expiresAt.toISOString() } },
    request.organization_id,
  );
  for (const crossed of budgetAlerts) {
    await notifications.notifyOrganization(trx, 'budgetAlerts', request.organization_id, budgetAlertNotice(crossed, fuel));
  }
}

/** `note` is the approver's, trimmed (null when blank); the organization may require one for a flagged request. */
export async function approveFuelRequest(deps: ApprovalDeps, actor: Actor, id: string, note: string | null): Promise<void> {
  await decide(deps.notifications, {
    entity: 'Fuel request',
    lock: (trx) => repository.lockFuelRequest(trx, id),
    check: (trx, request) => checkApproval(deps, trx, request, note),
    change: (trx, request, approval) => markApproved(trx, request, approval, { userId: actor.userId, note }),
    audit: (request, approval) => ({
      actor,
      action: 'fuel_request.approved',
      entityId: id,
      organizationId: request.organization_id,
      stationId: request.station_id,
      before: { status: request.status },
      after: {
        status: 'APPROVED',
        pricePerUnit: koboToNaira(approval.priceKobo),
        heldAmount: koboToNaira(approval.holdKobo),
        couponExpiresAt: approval.expiresAt,
        approvalNote: note,
      },
    }),
    webhook: (trx, approved) => enqueueFuelRequestWebhook(trx, 'fuel_request.approved', approved),
    notify: (trx, request, approval, approved) => tellApproval(deps.notifications, trx, request, approval, approved),
    // A refusal (insufficient funds) rolls back all of the above.
    async money(trx, request, approval, record) {
      await record(null);
      await holdForApproval(deps.ledger, trx, {
        organizationId: request.organization_id,
        amount: approval.holdKobo,
        reason: `Fuel for ${plateOf(approval.vehicle)}`,
        reference: holdReference(id),
        what: 'request',
      });
    },
  });
}
