import { resourceKeys } from '@/lib/query-keys';

/** The cache keys of the organization's webhook endpoints and their deliveries. */
export const webhookKeys = {
  list: [...resourceKeys.webhooks, 'list'] as const,
  deliveries: (id: string, page: number) => [...resourceKeys.webhooks, 'deliveries', id, page] as const,
  /** Adding or removing an endpoint changes the list and adds an audit entry. */
  afterWrite: [resourceKeys.webhooks, resourceKeys.auditLog],
};
