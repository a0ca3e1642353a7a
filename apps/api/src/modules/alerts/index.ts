export { createAlertsService, type AlertsService } from './alerts.service.js';
export { bindAlertRoutes } from './alerts.routes.js';
export { createDailyDigest, type DailyDigest } from './alerts.digest.js';
