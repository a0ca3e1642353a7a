export { createAlertsService, type AlertsService } from './alerts.service.js';
export { bindAlertRoutes } from './alerts.routes.js';
