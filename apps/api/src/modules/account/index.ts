export { createAccountService } from './account.service.js';
export { bindAccountRoutes } from './account.routes.js';
