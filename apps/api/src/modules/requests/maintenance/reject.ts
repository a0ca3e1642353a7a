/** Rejecting a pending maintenance request, with the approver's note; the requester is told. */
import type { Actor } from '../../../platform/http/actor.js';
import * as repository from '../maintenance.repository.js';
import { decide } from '../request-decision.js';
import { enqueueMaintenanceWebhook } from '../request-webhooks.js';
import { notPending, refuse } from '../rules/refusal.js';
import type { MaintenanceDeps } from './deps.js';

/** `plate` names the vehicle in the requester's message. */
export async function rejectMaintenance(
  deps: Pick<MaintenanceDeps, 'clock' | 'notifications'>,
  actor: Actor,
  job: { id: string; plate: string },
  note: string | null,
): Promise<void> {
  const { id } = job;
  await decide(deps.notifications, {
    entity: 'Maintenance request',
    lock: (trx) => repository.lockMaintenance(trx, id),
    check: (_trx, request) => refuse(notPending(request.status, 'rejected')),
    change: (trx) =>
      repository.updateMaintenance(trx, id, {
        status: 'REJECTED',
        rejected_by: actor.userId,
        rejected_at: deps.clock.now(),
        rejection_note: note,
      }),
    audit: (request) => ({
      actor,
      action: 'maintenance_request.rejected',
      entityId: id,
      organizationId: request.organization_id,
      stationId: request.station_id,
      before: { status: request.status },
      after: { status: 'REJECTED', rejectionNote: note },
    }),
    webhook: (trx, rejected) => enqueueMaintenanceWebhook(trx, 'maintenance.rejected', rejected),
    async notify(trx, request) {
      await deps.notifications.notify(
        trx,
        'requestDecisions',
        [request.requested_by],
        { template: 'maintenanceRejected', params: { plate: job.plate, description: request.description, note } },
        request.organization_id,
      );
    },
  });
}
