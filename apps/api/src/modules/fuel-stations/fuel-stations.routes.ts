import { fuelStationRoutes } from '@fleetfuel/contract';
import { withPageMeta } from '../../platform/http/paging.js';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { FuelStationsService } from './fuel-stations.service.js';

export function bindFuelStationRoutes(binder: RouteBinder, stations: FuelStationsService): void {
  binder.bind(fuelStationRoutes.list, async ({ query }) => withPageMeta(query, await stations.list(query)));
  binder.bind(fuelStationRoutes.get, ({ params }) => stations.get(params.id));
  binder.bind(fuelStationRoutes.create, ({ actor, body, files }) => stations.create(actor, body, files.image));
  binder.bind(fuelStationRoutes.update, ({ actor, params, body, files }) => stations.update(actor, params.id, body, files.image));
  binder.bind(fuelStationRoutes.remove, ({ params }) => stations.remove(params.id));
}
