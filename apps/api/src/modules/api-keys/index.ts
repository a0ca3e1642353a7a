export { createApiKeysService } from './api-keys.service.js';
export { bindApiKeyRoutes } from './api-keys.routes.js';
