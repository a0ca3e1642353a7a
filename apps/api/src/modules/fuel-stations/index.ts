export { createFuelStationsService } from './fuel-stations.service.js';
export { bindFuelStationRoutes } from './fuel-stations.routes.js';
