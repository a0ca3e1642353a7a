export { createUssdService } from './ussd.service.js';
export { bindUssdRoutes } from './ussd.routes.js';
