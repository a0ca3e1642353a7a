export { createSupportService, type SupportService } from './support.service.js';
export { bindSupportRoutes } from './support.routes.js';
