export { createAuthService, type AuthService } from './auth.service.js';
export { bindAuthRoutes } from './auth.routes.js';
