import { resourceKeys } from '@/lib/query-keys';

/**
 * The review queue's keys. A flag is a fuel request's: its list lives under the fuel requests'
 * root, so that approving or rejecting the request (Fuel Tracking, or the flag's own dialog)
 * refreshes the request status the queue shows.
 */
const flagsRoot = [...resourceKeys.fuelRequests, 'flags'] as const;

export const flagKeys = {
  all: flagsRoot,
  list: <Query>(query: Query) => [...flagsRoot, 'list', query] as const,
  /** A review changes the queue, the Dashboard's and Analytics' fraud figures, and the audit log. */
  afterReview: [flagsRoot, resourceKeys.analytics, resourceKeys.auditLog],
};
