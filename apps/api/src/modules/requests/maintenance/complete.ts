/**
 * Completing a maintenance job, and setting its final cost first: the station that services it
 * completes it with the work order, which pays it from the hold; without a station the organization
 * admin completes it. Either way the vehicle returns to ACTIVE.
 */
import { koboToNaira, nairaToKobo, type RouteBody, type maintenanceRoutes } from '@fleetfuel/contract';
import type { CouponClaims } from '../../../platform/coupons.js';
import type { Database } from '../../../platform/db/database.js';
import { AppError, notFound } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/http/actor.js';
import { plateOf } from '../format.js';
import * as repository from '../maintenance.repository.js';
import type { LockedMaintenance } from '../maintenance.repository.js';
import { decide } from '../request-decision.js';
import { enqueueMaintenanceWebhook } from '../request-webhooks.js';
import { finalCostAbove } from '../rules/maintenance-rules.js';
import { feeOf } from '../rules/money.js';
import { whyNotCompletable, workOrderMismatch } from '../rules/redemption-rules.js';
import { refuse } from '../rules/refusal.js';
import { stationPayment } from '../shared.js';
import { holdReference, type MaintenanceDeps } from './deps.js';

/** The servicing station sets the final cost of an approved job, never above the approved cost. */
export async function priceMaintenance(
  deps: Pick<MaintenanceDeps, 'notifications'>,
  actor: Actor,
  body: RouteBody<typeof maintenanceRoutes.updatePrice>,
): Promise<void> {
  const finalKobo = nairaToKobo(body.cost);
  await decide(deps.notifications, {
    entity: 'Maintenance request',
    lock: async (trx) => {
      const request = await repository.lockMaintenance(trx, body.id);
      return request?.station_id && request.station_id === actor.fuelStationId ? request : undefined;
    },
    check(_trx, request) {
      if (request.status !== 'APPROVED')
        throw new AppError('RULE_VIOLATION', `Only an approved job's cost can be set; this one is ${request.status}`);
      refuse(finalCostAbove(finalKobo, BigInt(request.cost_kobo), 'cost'));
    },
    change: (trx) => repository.updateMaintenance(trx, body.id, { final_cost_kobo: finalKobo.toString() }),
    audit: (request) => ({
      actor,
      action: 'maintenance_request.priced',
      entityId: body.id,
      organizationId: request.organization_id,
      stationId: request.station_id,
      before: { finalCost: request.final_cost_kobo === null ? null : koboToNaira(request.final_cost_kobo) },
      after: { finalCost: koboToNaira(finalKobo) },
    }),
  });
}

type CompletionDeps = Pick<MaintenanceDeps, 'ledger' | 'vehicles' | 'clock' | 'coupons' | 'platformFeeBps' | 'notifications'>;
type CompleteBody = RouteBody<typeof maintenanceRoutes.complete>;

/** Every rule of the completion, and what it then needs: the vehicle (locked), the final cost and the fee. */
async function checkCompletion(
  deps: CompletionDeps,
  trx: Database,
  request: LockedMaintenance,
  attempt: { byStation: boolean; body: CompleteBody; scanned: CouponClaims | null },
) {
  const { body } = attempt;
  if (!attempt.byStation && request.station_id) {
    throw new AppError('RULE_VIOLATION', 'This job is serviced by a station; the station completes it with the work order');
  }
  if (attempt.byStation) refuse(workOrderMismatch(request, body, attempt.scanned));
  const why = whyNotCompletable(request);
  if (why) throw new AppError('RULE_VIOLATION', why);
  const approved = BigInt(request.cost_kobo);
  const given = body.finalCost !== undefined ? nairaToKobo(body.finalCost) : null;
  const finalKobo = given ?? (request.final_cost_kobo !== null ? BigInt(request.final_cost_kobo) : approved);
  refuse(finalCostAbove(finalKobo, approved, 'finalCost'));
  const vehicle = await deps.vehicles.forRequest(trx, request.vehicle_id, request.organization_id, { lock: true });
  if (!vehicle) throw notFound('Vehicle');
  return { vehicle, finalKobo, fee: request.station_id ? feeOf(finalKobo, deps.platformFeeBps) : 0n };
}
type Completion = Awaited<ReturnType<typeof checkCompletion>>;

/**
 * The servicing station is paid from the hold; the job's own writes (`record`) name the payment's
 * entry and run before the wallets move (last). Without a station nothing is paid.
 */
async function payWorkshop(
  ledger: MaintenanceDeps['ledger'],
  trx: Database,
  request: LockedMaintenance,
  { vehicle, finalKobo, fee }: Completion,
  payment: { by: string; record: (entryId: string | null) => Promise<unknown> },
): Promise<void> {
  if (!request.station_id) {
    await payment.record(null);
    return;
  }
  const what = `Maintenance of ${plateOf(vehicle)}: ${request.description.slice(0, 80)}`;
  const captured = await ledger.captureHold(
    trx,
    holdReference(request.id),
    {
      idempotencyKey: `maintenance-paid:${request.id}`,
      kind: 'PAYMENT',
      description: what,
      reference: request.coupon_code,
      createdBy: payment.by,
      postings: await stationPayment(ledger, trx, {
        organizationId: request.organization_id,
        stationId: request.station_id,
        amount: finalKobo,
        fee,
        note: what,
        feeNote: `Platform fee on ${request.coupon_code ?? request.id}`,
      }),
    },
    async (entryId) => {
      await payment.record(entryId);
    },
  );
  if (!captured) throw new AppError('CONFLICT', 'This work order was just completed');
}

export async function completeMaintenance(deps: CompletionDeps, actor: Actor, id: string, body: CompleteBody): Promise<void> {
  const byStation = actor.role === 'ATTENDANT' || actor.role === 'STATION_REP';
  // Verified before the transaction: the key lookup may read the database (see fuel/redeem.ts).
  const scanned = byStation && body.qr !== undefined ? await deps.coupons.verify(body.qr) : null;
  await decide(deps.notifications, {
    entity: 'Maintenance request',
    lock: async (trx) => {
      const request = await repository.lockMaintenance(trx, id);
      const mayComplete =
        request && (byStation ? request.station_id === actor.fuelStationId : request.organization_id === actor.organizationId);
      return mayComplete ? request : undefined;
    },
    check: (trx, request) => checkCompletion(deps, trx, request, { byStation, body, scanned }),
    async change(trx, _request, { vehicle, finalKobo, fee }, entryId) {
      await deps.vehicles.setStatus(trx, vehicle.id, 'ACTIVE', { actor, note: 'Maintenance completed' });
      return repository.updateMaintenance(trx, id, {
        status: 'COMPLETED',
        completed_by: actor.userId,
        completed_at: deps.clock.now(),
        final_cost_kobo: finalKobo.toString(),
        amount_kobo: finalKobo.toString(),
        fee_kobo: fee.toString(),
        payment_entry_id: entryId,
      });
    },
    audit: (request, { finalKobo, fee }) => ({
      actor,
      action: 'maintenance_request.completed',
      entityId: id,
      organizationId: request.organization_id,
      stationId: request.station_id,
      before: { status: request.status },
      after: { status: 'COMPLETED', amount: koboToNaira(finalKobo), fee: koboToNaira(fee) },
    }),
    webhook: (trx, completed) => enqueueMaintenanceWebhook(trx, 'maintenance.completed', completed),
    money: (trx, request, completion, record) => payWorkshop(deps.ledger, trx, request, completion, { by: actor.userId, record }),
  });
}
