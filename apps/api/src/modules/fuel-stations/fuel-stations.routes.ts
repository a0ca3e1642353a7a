import { fuelStationRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { FuelStationsService } from './fuel-stations.service.js';

export function bindFuelStationRoutes(binder: RouteBinder, stations: FuelStationsService): void {
  binder.bind(fuelStationRoutes.list, async ({ query }) => {
    const { data, total } = await stations.list(query);
    return { data, meta: { page: query.page, pageSize: query.pageSize, total } };
  });
  binder.bind(fuelStationRoutes.get, ({ params }) => stations.get(params.id));
  binder.bind(fuelStationRoutes.create, ({ actor, body, files }) => stations.create(actor, body, files.image));
  binder.bind(fuelStationRoutes.update, ({ actor, params, body, files }) => stations.update(actor, params.id, body, files.image));
  binder.bind(fuelStationRoutes.remove, ({ params }) => stations.remove(params.id));
}
