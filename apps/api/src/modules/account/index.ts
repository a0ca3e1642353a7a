export { bindAccountRoutes } from './account.routes.js';
