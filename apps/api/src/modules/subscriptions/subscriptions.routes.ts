import { randomUUID } from 'node:crypto';
import { billingRoutes, planRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { BillingService } from './billing.service.js';
import type { PlansService } from './plans.service.js';

export function bindSubscriptionRoutes(binder: RouteBinder, plans: PlansService, billing: BillingService): void {
  binder.bind(planRoutes.list, async ({ actor, query }) => {
    const { subscriptions, total } = await plans.list(actor, query);
    return { subscriptions, meta: { page: query.page, pageSize: query.pageSize, total } };
  });
  binder.bind(planRoutes.create, ({ body }) => plans.create(body));
  binder.bind(planRoutes.update, ({ params, body }) => plans.update(params.id, body));
  binder.bind(billingRoutes.current, ({ actor, query }) => billing.current(actor, query.organizationId));
  binder.bind(billingRoutes.renew, ({ actor, body, request }) => {
    const header = request.headers['idempotency-key'];
    return billing.renew(actor, body.subscriptionId, typeof header === 'string' && header ? header : randomUUID());
  });
}
