import { optionsKey, recordKeys, resourceKeys } from '@/lib/query-keys';

const organizations = recordKeys(resourceKeys.organizations);

/** The cache keys of the Clients screens' queries. */
export const clientKeys = {
  ...organizations,
  analytics: [...organizations.all, 'analytics'] as const,
  /** Under the users' root, so that the Users screen's changes show on the client's details page. */
  users: (organizationId: string | null, page: number) => recordKeys(resourceKeys.users).list({ organizationId, page }),
  planOptions: optionsKey(resourceKeys.plans),
};
