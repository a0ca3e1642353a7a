import { recordKeys, resourceKeys } from '@/lib/query-keys';

/** The cache keys of the platform's outbox of e-mails and texts. */
export const messageKeys = recordKeys(resourceKeys.messages);
