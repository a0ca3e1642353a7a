export { createVehiclesService, type VehiclesService } from './vehicles.service.js';
export { createInsuranceService, type InsuranceService } from './insurance.service.js';
export { bindVehicleRoutes } from './vehicles.routes.js';
export { createVehicleStickers, type VehicleStickersService } from './vehicle-stickers.service.js';
