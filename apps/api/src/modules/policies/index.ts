export { createPoliciesService, type PoliciesService } from './policies.service.js';
export { bindPolicyRoutes } from './policies.routes.js';
