export { createAnalyticsService, type AnalyticsService } from './analytics.service.js';
export { bindAnalyticsRoutes } from './analytics.routes.js';
