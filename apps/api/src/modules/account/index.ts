export { createAccountService, type AccountService } from './account.service.js';
export { bindAccountRoutes } from './account.routes.js';
