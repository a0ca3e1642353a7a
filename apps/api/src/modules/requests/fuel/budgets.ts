/** `GET /fuel-policies/usage` (issue 44): each budget policy's use in its current period, in one read of the period's fills. */
import type { BudgetUsage, RouteQuery, fuelPolicyRoutes } from '@fleetfuel/contract';
import { invalidField } from '../../../platform/errors.js';
import type { Actor } from '../../../platform/http/actor.js';
import { organizationFilter } from '../../../platform/tenancy/organization-scope.js';
import * as facts from '../fuel-policy-facts.repository.js';
import { budgetUsage, isBudget } from '../rules/budget-usage.js';
import { policyPeriods, type PeriodUse } from '../rules/fuel-policies.js';
import type { FuelRequestsDeps } from './deps.js';

const NOTHING_USED: PeriodUse = { weekLitres: 0, monthLitres: 0, weekKobo: 0n, monthKobo: 0n };

export async function budgetsInUse(
  deps: Pick<FuelRequestsDeps, 'db' | 'policies' | 'clock'>,
  actor: Actor,
  query: RouteQuery<typeof fuelPolicyRoutes.usage>,
): Promise<{ budgets: BudgetUsage[] }> {
  const organizationId = organizationFilter(actor, query.organizationId);
  if (!organizationId) throw invalidField('organizationId', 'Choose an organization');
  const now = deps.clock.now();
  const budgets = (await deps.policies.forOrganization(deps.db, organizationId)).filter(isBudget);
  if (budgets.length === 0) return { budgets: [] };
  const used = await facts.budgetUse(deps.db, organizationId, policyPeriods(now));
  return {
    budgets: budgets.map((policy) => ({
      policyId: policy.id,
      rule: policy.rule,
      enforcement: policy.enforcement,
      scope: policy.scope,
      ...budgetUsage(policy, used.get(policy.id) ?? NOTHING_USED, now),
    })),
  };
}
