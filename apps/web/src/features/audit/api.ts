import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { auditKeys } from './query-keys';

export type AuditLogQuery = NonNullable<RouteInput<typeof routes.audit.list>['query']>;

/** `enabled` false asks nothing: for readers without the audit.read permission, whom the API would refuse. */
export function useAuditLog(query: AuditLogQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: auditKeys.list(query),
    queryFn: () => callApi(routes.audit.list, { query }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
