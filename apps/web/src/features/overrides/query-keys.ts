import { resourceKeys } from '@/lib/query-keys';

/** The keys of the overrides asked at the pump (the managers' list of waiting ones is polled). */
export const overrideKeys = {
  pending: [...resourceKeys.overrides, 'pending'] as const,
  /** A decision changes the overrides and the audit log. */
  afterDecision: [resourceKeys.overrides, resourceKeys.auditLog],
};
