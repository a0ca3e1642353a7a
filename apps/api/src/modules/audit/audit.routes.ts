import { auditRoutes } from '@fleetfuel/contract';
import { withPageMeta } from '../../platform/http/paging.js';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { AuditService } from './audit.service.js';

export function bindAuditRoutes(binder: RouteBinder, audit: AuditService): void {
  binder.bind(auditRoutes.list, async ({ actor, query }) => withPageMeta(query, await audit.list(actor, query)));
}
