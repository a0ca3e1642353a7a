import { recordKeys, resourceKeys } from '@/lib/query-keys';

/** The cache keys of the Support screens' queries. */
export const supportKeys = {
  contact: [...resourceKeys.support, 'contact'] as const,
  tickets: recordKeys([...resourceKeys.support, 'tickets']),
};
