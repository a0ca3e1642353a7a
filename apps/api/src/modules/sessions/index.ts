export { createSessionsService, type SessionsService } from './sessions.service.js';
