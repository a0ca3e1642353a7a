export { createPlansService, type PlansService } from './plans.service.js';
export { bindSubscriptionRoutes } from './subscriptions.routes.js';
