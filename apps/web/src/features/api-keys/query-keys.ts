import { resourceKeys } from '@/lib/query-keys';

/** The cache keys of the organization's API keys. */
export const apiKeyKeys = {
  list: [...resourceKeys.apiKeys, 'list'] as const,
  /** Creating or revoking a key changes the list and adds an audit entry. */
  afterWrite: [resourceKeys.apiKeys, resourceKeys.auditLog],
};
