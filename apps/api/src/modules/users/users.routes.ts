import { userRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { UsersService } from './users.service.js';

export function bindUserRoutes(binder: RouteBinder, users: UsersService): void {
  binder.bind(userRoutes.list, async ({ actor, query }) => {
    const { users: page, total } = await users.list(actor, query);
    return { users: page, meta: { page: query.page, pageSize: query.pageSize, total } };
  });
  binder.bind(userRoutes.get, ({ actor, params }) => users.get(actor, params.id));
  binder.bind(userRoutes.create, ({ actor, body }) => users.create(actor, body));
  binder.bind(userRoutes.update, ({ actor, params, body }) => users.update(actor, params.id, body));
  binder.bind(userRoutes.remove, ({ actor, params }) => users.remove(actor, params.id));
}
