/** Rejecting a pending fuel request, with the approver's note; the requester is told. */
import type { SoldFuelType } from '@fleetfuel/contract';
import type { Actor } from '../../../platform/http/actor.js';
import * as repository from '../fuel-requests.repository.js';
import { decide } from '../request-decision.js';
import { enqueueFuelRequestWebhook } from '../request-webhooks.js';
import { notPending, refuse } from '../rules/refusal.js';
import type { FuelRequestsDeps } from './deps.js';

/** `plate` names the vehicle in the requester's message. */
export async function rejectFuelRequest(
  deps: Pick<FuelRequestsDeps, 'notifications'>,
  actor: Actor,
  request: { id: string; plate: string },
  note: string | null,
): Promise<void> {
  const { id } = request;
  await decide(deps.notifications, {
    entity: 'Fuel request',
    lock: (trx) => repository.lockFuelRequest(trx, id),
    check: (_trx, locked) => refuse(notPending(locked.status, 'rejected')),
    change: (trx) => repository.markRejected(trx, id, actor.userId, note),
    audit: (locked) => ({
      actor,
      action: 'fuel_request.rejected',
      entityId: id,
      organizationId: locked.organization_id,
      stationId: locked.station_id,
      before: { status: locked.status },
      after: { status: 'REJECTED', rejectionNote: note },
    }),
    webhook: (trx, rejected) => enqueueFuelRequestWebhook(trx, 'fuel_request.rejected', rejected),
    async notify(trx, locked) {
      const fuelType = locked.fuel_type as SoldFuelType;
      await deps.notifications.notify(
        trx,
        'requestDecisions',
        [locked.requested_by],
        {
          template: 'fuelRejected',
          params: { plate: request.plate, litres: Number(locked.volume), fuelType, supplyDate: locked.supply_date, note },
        },
        locked.organization_id,
      );
    },
  });
}
