import { resourceKeys } from '@/lib/query-keys';

/** The cache keys of the signed-in user's Account screens. */
export const accountKeys = {
  sessions: [...resourceKeys.account, 'sessions'] as const,
  notifications: [...resourceKeys.account, 'notifications'] as const,
};
