import { PoliciesPanel } from '@/features/policies';

/** Issue 44's fuel controls: the organization's fuel policies by scope. */
export function FuelPoliciesPage() {
  return <PoliciesPanel />;
}
