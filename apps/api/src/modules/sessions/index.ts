export { createSessionsService, type SessionsService } from './sessions.service.js';
export type { SessionEndReason } from './sessions.repository.js';
