export { createPlansService, type PlansService } from './plans.service.js';
export { bindSubscriptionRoutes } from './subscriptions.routes.js';
export { createUsageService, type UsageService, type LimitedResource } from './usage.service.js';
export { createRenewalService, type RenewalService, type RenewalTerms } from './renewal.service.js';
export { createBillingService, type BillingService } from './billing.service.js';
