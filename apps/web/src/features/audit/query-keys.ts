import { recordKeys, resourceKeys } from '@/lib/query-keys';

/** The cache keys of the audit trail's queries. */
export const auditKeys = recordKeys(resourceKeys.auditLog);
