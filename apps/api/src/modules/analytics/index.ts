export { createAnalyticsService } from './analytics.service.js';
export { bindAnalyticsRoutes } from './analytics.routes.js';
