export { createAlertsService } from './alerts.service.js';
export { bindAlertRoutes } from './alerts.routes.js';
export { createDailyDigest } from './alerts.digest.js';
