import { fuelPolicyRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { PoliciesService } from './policies.service.js';

export function bindPolicyRoutes(binder: RouteBinder, policies: PoliciesService): void {
  binder.bind(fuelPolicyRoutes.list, ({ actor, query }) => policies.list(actor, query));
  binder.bind(fuelPolicyRoutes.create, ({ actor, body }) => policies.create(actor, body));
  binder.bind(fuelPolicyRoutes.update, ({ actor, params, body }) => policies.update(actor, params.id, body));
  binder.bind(fuelPolicyRoutes.remove, ({ actor, params }) => policies.remove(actor, params.id));
}
