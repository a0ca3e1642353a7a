import { optionsKey, requestStationsKey, resourceKeys } from '@/lib/query-keys';

/** The root of the fuel policies' keys: no other feature reads them. */
const policiesRoot = ['fuel-policies'] as const;

/** The cache keys of the fuel policies screen's queries, and the roots its writes invalidate. */
export const policyKeys = {
  /** One organization's policies: the caller's own, or the one the platform admin chose. */
  list: (organizationId: string | null) => [...policiesRoot, 'list', organizationId] as const,
  /** Its budgets' use this period: under the same root, so that a changed policy reads it again. */
  usage: (organizationId: string | null) => [...policiesRoot, 'usage', organizationId] as const,
  /** The pickers of the form share the choice lists of the other screens. */
  groupOptions: optionsKey(resourceKeys.departments),
  driverOptions: optionsKey(resourceKeys.drivers),
  vehicleOptions: optionsKey(resourceKeys.vehicles),
  /** The stations a request may name: the same entry as the request forms'. */
  stations: requestStationsKey,
  /** Every change of a policy is audited. */
  afterWrite: [policiesRoot, resourceKeys.auditLog],
};
