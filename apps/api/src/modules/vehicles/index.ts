export { createVehiclesService, type VehiclesService } from './vehicles.service.js';
export { createInsuranceService } from './insurance.service.js';
export { bindVehicleRoutes } from './vehicles.routes.js';
export { createVehicleStickers } from './vehicle-stickers.service.js';
