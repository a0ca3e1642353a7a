import { driverRoutes, vehicleRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { FreezesService } from './freezes.service.js';

export function bindFreezeRoutes(binder: RouteBinder, freezes: FreezesService): void {
  binder.bind(vehicleRoutes.freeze, ({ actor, params, body }) => freezes.freezeVehicle(actor, params.id, body.reason));
  binder.bind(vehicleRoutes.unfreeze, ({ actor, params }) => freezes.unfreezeVehicle(actor, params.id));
  binder.bind(driverRoutes.freeze, ({ actor, params, body }) => freezes.freezeDriver(actor, params.id, body.reason));
  binder.bind(driverRoutes.unfreeze, ({ actor, params }) => freezes.unfreezeDriver(actor, params.id));
}
