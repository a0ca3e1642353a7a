import { billingRoutes, planRoutes } from '@fleetfuel/contract';
import { withPageMeta } from '../../platform/http/paging.js';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { BillingService } from './billing.service.js';
import type { PlansService } from './plans.service.js';

export function bindSubscriptionRoutes(binder: RouteBinder, plans: PlansService, billing: BillingService): void {
  binder.bind(planRoutes.list, async ({ actor, query }) => withPageMeta(query, await plans.list(actor, query)));
  binder.bind(planRoutes.create, ({ actor, body }) => plans.create(actor, body));
  binder.bind(planRoutes.update, ({ actor, params, body }) => plans.update(actor, params.id, body));
  binder.bind(billingRoutes.current, ({ actor, query }) => billing.current(actor, query.organizationId));
  binder.bind(billingRoutes.renew, ({ actor, body, idempotencyKey }) => billing.renew(actor, body.subscriptionId, idempotencyKey));
}
