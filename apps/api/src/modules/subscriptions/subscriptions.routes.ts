import { planRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { PlansService } from './plans.service.js';

export function bindSubscriptionRoutes(binder: RouteBinder, plans: PlansService): void {
  binder.bind(planRoutes.list, async ({ actor, query }) => {
    const { subscriptions, total } = await plans.list(actor, query);
    return { subscriptions, meta: { page: query.page, pageSize: query.pageSize, total } };
  });
  binder.bind(planRoutes.create, ({ body }) => plans.create(body));
  binder.bind(planRoutes.update, ({ params, body }) => plans.update(params.id, body));
}
