import { userRoutes } from '@fleetfuel/contract';
import { withPageMeta } from '../../platform/http/paging.js';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { UsersService } from './users.service.js';

export function bindUserRoutes(binder: RouteBinder, users: UsersService): void {
  binder.bind(userRoutes.list, async ({ actor, query }) => withPageMeta(query, await users.list(actor, query)));
  binder.bind(userRoutes.get, ({ actor, params }) => users.get(actor, params.id));
  binder.bind(userRoutes.create, ({ actor, body }) => users.create(actor, body));
  binder.bind(userRoutes.update, ({ actor, params, body }) => users.update(actor, params.id, body));
  binder.bind(userRoutes.remove, ({ actor, params }) => users.remove(actor, params.id));
  binder.bind(userRoutes.clearStationPin, ({ actor, params }) => users.clearStationPin(actor, params.id));
}
