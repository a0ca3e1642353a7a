export { createPlansService } from './plans.service.js';
export { bindSubscriptionRoutes } from './subscriptions.routes.js';
export { createUsageService, type UsageService } from './usage.service.js';
export { createRenewalService, type RenewalService } from './renewal.service.js';
export { createBillingService } from './billing.service.js';
