/** Raising a maintenance request: the vehicle's and station's rules, then the request. */
import { nairaToKobo, type RouteBody, type maintenanceRoutes } from '@fleetfuel/contract';
import { lagosDate } from '../../../platform/clock.js';
import { notFound } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/http/actor.js';
import { auditTrail } from '../../audit/index.js';
import * as repository from '../maintenance.repository.js';
import { enqueueMaintenanceWebhook } from '../request-webhooks.js';
import { maintenanceRequestRefusal } from '../rules/maintenance-rules.js';
import { refuse } from '../rules/refusal.js';
import type { MaintenanceDeps } from './deps.js';

/** Creates the request; answers its id. */
export async function createMaintenance(
  deps: Pick<MaintenanceDeps, 'db' | 'vehicles' | 'prices' | 'usage' | 'clock'>,
  actor: Actor,
  body: RouteBody<typeof maintenanceRoutes.create>,
): Promise<string> {
  const { db, clock } = deps;
  const vehicle = await deps.vehicles.forRequest(db, body.vehicleId, actor.role === 'ADMIN' ? null : actor.organizationId);
  if (!vehicle || (actor.role === 'DRIVER' && vehicle.driver_id !== actor.userId)) throw notFound('Vehicle');
  const stationId = body.stationId ?? null;
  const odometer = body.currentOdometerReading ?? null;
  refuse(
    maintenanceRequestRefusal({
      vehicle,
      station: stationId === null ? null : await deps.prices.station(db, stationId),
      odometer,
      date: body.date,
      today: lagosDate(clock.now()),
    }),
  );
  return db.transaction().execute(async (trx) => {
    await deps.usage.assertCanRequest(trx, vehicle.organization_id, 'maintenanceRequests', clock.now());
    const created = await repository.insertMaintenance(trx, {
      organizationId: vehicle.organization_id,
      vehicleId: vehicle.id,
      requestedBy: actor.userId,
      stationId,
      description: body.description,
      serviceDate: body.date,
      costKobo: nairaToKobo(body.cost),
      odometer,
      tankLevel: body.currentTankLevel ?? null,
      note: body.note ?? null,
    });
    // The trail records decisions and money, not a person raising a request (the request names its
    // requester); a request raised with an API key, in its creator's name, is recorded to name the key.
    if (actor.apiKey) {
      await auditTrail.record(trx, {
        actor,
        action: 'maintenance_request.created',
        entityId: created.id,
        organizationId: vehicle.organization_id,
        stationId,
        after: { status: 'PENDING', cost: body.cost, serviceDate: body.date },
      });
    }
    await enqueueMaintenanceWebhook(trx, 'maintenance.created', created);
    return created.id;
  });
}
