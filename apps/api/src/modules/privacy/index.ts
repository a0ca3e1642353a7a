export { createPrivacyService, type PrivacyService } from './privacy.service.js';
export { bindPrivacyRoutes } from './privacy.routes.js';
