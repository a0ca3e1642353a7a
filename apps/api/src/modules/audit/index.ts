export { auditTrail, createAuditService, type AuditActor, type AuditRecord, type AuditService } from './audit.service.js';
export { bindAuditRoutes } from './audit.routes.js';
