import { fuelPolicyRoutes, type BudgetUsage, type RouteQuery } from '@fleetfuel/contract';
import type { Actor } from '../../platform/http/actor.js';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { PoliciesService } from './policies.service.js';

/** `budgetUsage` reads the fills of the period, which the requests module owns. */
export function bindPolicyRoutes(
  binder: RouteBinder,
  policies: PoliciesService,
  budgetUsage: (actor: Actor, query: RouteQuery<typeof fuelPolicyRoutes.usage>) => Promise<{ budgets: BudgetUsage[] }>,
): void {
  binder.bind(fuelPolicyRoutes.list, ({ actor, query }) => policies.list(actor, query));
  binder.bind(fuelPolicyRoutes.usage, ({ actor, query }) => budgetUsage(actor, query));
  binder.bind(fuelPolicyRoutes.create, ({ actor, body }) => policies.create(actor, body));
  binder.bind(fuelPolicyRoutes.update, ({ actor, params, body }) => policies.update(actor, params.id, body));
  binder.bind(fuelPolicyRoutes.remove, ({ actor, params }) => policies.remove(actor, params.id));
}
