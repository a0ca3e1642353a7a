export { createPrivacyService } from './privacy.service.js';
export { bindPrivacyRoutes } from './privacy.routes.js';
