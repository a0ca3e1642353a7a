export { createSupportService } from './support.service.js';
export { bindSupportRoutes } from './support.routes.js';
