export { createFuelRequestsService, fuelRequestFlags, type FuelRequestsService } from './fuel-requests.service.js';
export { createMaintenanceService, type MaintenanceService } from './maintenance.service.js';
export { bindRequestRoutes } from './requests.routes.js';
export { createStationRedemptions } from './station-redemptions.service.js';
export { bindStationRedemptionRoutes } from './station-redemptions.routes.js';
export { createRedemptionFollowUps } from './redemption-follow-ups.service.js';
export { bindRedemptionFollowUpRoutes } from './redemption-follow-ups.routes.js';
export { createAttendantFigures } from './attendant-figures.service.js';
