import { resourceKeys } from '@/lib/query-keys';

/** The cache keys of the alerts centre: one list per signed-in caller. */
export const alertKeys = {
  all: resourceKeys.alerts,
  list: () => [...resourceKeys.alerts, 'list'] as const,
};
