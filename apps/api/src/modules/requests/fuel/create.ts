/** Raising a fuel request: the vehicle's, station's and plan's rules, then the request with its flags. */
import { dispensedFuelType, type RouteBody, type VehicleFuelType, type fuelRequestRoutes } from '@fleetfuel/contract';
import { lagosDate } from '../../../platform/clock.js';
import { notFound } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/http/actor.js';
import { auditTrail } from '../../audit/index.js';
import { recordFlags } from '../../flags/index.js';
import * as repository from '../fuel-requests.repository.js';
import { plateOf } from '../format.js';
import { enqueueFuelRequestWebhook } from '../request-webhooks.js';
import { frozenFill, frozenRefusal } from '../rules/freeze-rules.js';
import { requestRefusal } from '../rules/fuel-request-rules.js';
import { costOf } from '../rules/money.js';
import { refuse } from '../rules/refusal.js';
import type { FuelRequestsDeps } from './deps.js';
import { fuelRequestFlags } from './flags.js';
import { checkFuelPolicies } from './policy-check.js';

/** Creates the request; answers its id. */
export async function createFuelRequest(
  deps: FuelRequestsDeps,
  actor: Actor,
  body: RouteBody<typeof fuelRequestRoutes.create>,
): Promise<string> {
  const { db, vehicles, prices, usage, clock } = deps;
  const vehicle = await vehicles.forRequest(db, body.vehicleId, actor.role === 'ADMIN' ? null : actor.organizationId);
  if (!vehicle || (actor.role === 'DRIVER' && vehicle.driver_id !== actor.userId)) throw notFound('Vehicle');
  refuse(frozenRefusal(frozenFill(plateOf(vehicle), vehicle)));
  const fuelType = dispensedFuelType(vehicle.fuel_type as VehicleFuelType);
  const station = await prices.station(db, body.stationId);
  const odometer = body.currentOdometer ?? null;
  refuse(
    requestRefusal({
      vehicle,
      station,
      fuelType,
      volume: body.volume,
      odometer,
      supplyDate: body.supplyDate,
      today: lagosDate(clock.now()),
    }),
  );
  const stationId = body.stationId;

  return db.transaction().execute(async (trx) => {
    await usage.assertCanRequest(trx, vehicle.organization_id, 'fuelRequests', clock.now());
    const tankLevel = body.currentTankLevel ?? null;
    const priceKobo = await prices.currentPriceKobo(trx, stationId, fuelType);
    const flags = await fuelRequestFlags(
      trx,
      prices,
      {
        id: null,
        vehicle,
        stationId,
        fuelType,
        volume: body.volume,
        tankLevel,
        odometer,
        requestedAt: clock.now(),
        priceKobo,
        dispensedVolume: null,
      },
      clock.now(),
    );
    // The organization's fuel policies: a HARD breach refuses the request, a SOFT one flags it.
    const { flags: policyFlags } = await checkFuelPolicies(deps, trx, {
      step: 'REQUEST',
      at: clock.now(),
      organizationId: vehicle.organization_id,
      vehicle: { ...vehicle, plate: plateOf(vehicle) },
      fuelType,
      assetFuelType: fuelType,
      station: { id: stationId, name: station?.name ?? '', state: station?.state ?? null },
      supplyDate: body.supplyDate,
      litres: body.volume,
      amountKobo: priceKobo === null ? null : costOf(body.volume, priceKobo),
    });
    const created = await repository.insertFuelRequest(trx, {
      organizationId: vehicle.organization_id,
      vehicleId: vehicle.id,
      requestedBy: actor.userId,
      stationId,
      fuelType,
      volume: body.volume,
      supplyDate: body.supplyDate,
      odometer,
      tankLevel,
      note: body.note ?? null,
      flags: [...flags, ...policyFlags],
    });
    await recordFlags(trx, { id: created.id, organizationId: vehicle.organization_id }, 'REQUEST', created.flags);
    // The trail records decisions and money, not a person raising a request (the request names its
    // requester); a request raised with an API key, in its creator's name, is recorded to name the key.
    if (actor.apiKey) {
      await auditTrail.record(trx, {
        actor,
        action: 'fuel_request.created',
        entityId: created.id,
        organizationId: vehicle.organization_id,
        stationId,
        after: { status: 'PENDING', fuelType, volume: body.volume, supplyDate: body.supplyDate },
      });
    }
    await enqueueFuelRequestWebhook(trx, 'fuel_request.created', created);
    return created.id;
  });
}
