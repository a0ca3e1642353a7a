export { auditRecordOf, auditTrail, createAuditService, type AuditActor, type AuditRecord } from './audit.service.js';
export { bindAuditRoutes } from './audit.routes.js';
