import { recordKeys, resourceKeys } from '@/lib/query-keys';

/** The cache keys of the Plans screen's queries. */
export const planKeys = recordKeys(resourceKeys.plans);
