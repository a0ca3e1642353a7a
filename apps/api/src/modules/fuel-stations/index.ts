export { createFuelStationsService, type FuelStationsService } from './fuel-stations.service.js';
export { bindFuelStationRoutes } from './fuel-stations.routes.js';
