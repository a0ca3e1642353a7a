import { routes, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { auditKeys } from './query-keys';
import { usePagedQuery } from '@/lib/query-hooks';

export type AuditLogQuery = NonNullable<RouteInput<typeof routes.audit.list>['query']>;

/** `enabled` false asks nothing: for readers without the audit.read permission, whom the API would refuse. */
export function useAuditLog(query: AuditLogQuery, options: { enabled?: boolean } = {}) {
  return usePagedQuery(auditKeys.list(query), () => callApi(routes.audit.list, { query }), { enabled: options.enabled ?? true });
}
