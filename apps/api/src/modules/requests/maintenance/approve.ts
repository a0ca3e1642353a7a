/**
 * Approving a maintenance request: the vehicle goes UNDER_MAINTENANCE, the work order is issued and,
 * when a station services it, the estimated cost is held last.
 */
import { koboToNaira } from '@fleetfuel/contract';
import { newCouponCode } from '../../../platform/coupons.js';
import { notFound } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/http/actor.js';
import { plateOf } from '../format.js';
import * as repository from '../maintenance.repository.js';
import { decide } from '../request-decision.js';
import { enqueueMaintenanceWebhook } from '../request-webhooks.js';
import { groupInactive } from '../rules/fuel-request-rules.js';
import { notPending, refuse } from '../rules/refusal.js';
import { holdForApproval } from '../shared.js';
import { holdReference, type MaintenanceDeps } from './deps.js';

/** `stationName` names the servicing station, if any, in the requester's message. */
export async function approveMaintenance(
  deps: Pick<MaintenanceDeps, 'ledger' | 'vehicles' | 'usage' | 'clock' | 'notifications'>,
  actor: Actor,
  job: { id: string; stationName: string | null },
): Promise<void> {
  const { id } = job;
  const { vehicles, notifications } = deps;
  await decide(notifications, {
    entity: 'Maintenance request',
    lock: (trx) => repository.lockMaintenance(trx, id),
    async check(trx, request) {
      refuse(notPending(request.status, 'approved'));
      await deps.usage.assertWritable(trx, request.organization_id, 'no requests can be approved');
      const vehicle = await vehicles.forRequest(trx, request.vehicle_id, request.organization_id, { lock: true });
      if (!vehicle) throw notFound('Vehicle');
      refuse(groupInactive(vehicle));
      return { vehicle, holdKobo: request.station_id ? BigInt(request.cost_kobo) : null };
    },
    async change(trx, _request, { vehicle, holdKobo }) {
      await vehicles.setStatus(trx, vehicle.id, 'UNDER_MAINTENANCE', { actor, note: 'Maintenance approved' });
      return repository.updateMaintenance(trx, id, {
        status: 'APPROVED',
        approved_by: actor.userId,
        approved_at: deps.clock.now(),
        coupon_code: newCouponCode(),
        ...(holdKobo !== null ? { hold_kobo: holdKobo.toString() } : {}),
      });
    },
    audit: (request, { holdKobo }) => ({
      actor,
      action: 'maintenance_request.approved',
      entityId: id,
      organizationId: request.organization_id,
      stationId: request.station_id,
      before: { status: request.status },
      after: { status: 'APPROVED', heldAmount: holdKobo === null ? null : koboToNaira(holdKobo) },
    }),
    webhook: (trx, approved) => enqueueMaintenanceWebhook(trx, 'maintenance.approved', approved),
    async notify(trx, request, { vehicle }, approved) {
      await notifications.notify(
        trx,
        'requestDecisions',
        [request.requested_by],
        {
          template: 'maintenanceApproved',
          params: {
            plate: vehicle.plate_number ?? vehicle.model,
            description: request.description,
            serviceDate: request.service_date,
            station: job.stationName,
            code: job.stationName ? (approved.coupon_code ?? '') : null,
          },
        },
        request.organization_id,
      );
    },
    // A refusal (insufficient funds) rolls back all of the above.
    async money(trx, request, { vehicle, holdKobo }, record) {
      await record(null);
      if (holdKobo === null) return;
      await holdForApproval(deps.ledger, trx, {
        organizationId: request.organization_id,
        amount: holdKobo,
        reason: `Maintenance of ${plateOf(vehicle)}`,
        reference: holdReference(id),
        what: 'job',
      });
    },
  });
}
