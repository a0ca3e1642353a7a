import { driverRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { UsersService } from './users.service.js';

/** Drivers are DRIVER accounts; fleet managers (not only account managers) look after them. */
export function bindDriverRoutes(binder: RouteBinder, users: UsersService): void {
  binder.bind(driverRoutes.list, async ({ actor, query }) => {
    const { data, total } = await users.listDrivers(actor, query);
    return { data, meta: { page: query.page, pageSize: query.pageSize, total } };
  });
  binder.bind(driverRoutes.get, ({ actor, params }) => users.getDriver(actor, params.id));
  binder.bind(driverRoutes.create, ({ actor, body, files }) => {
    const { departmentId, ...account } = body;
    return users.createDriver(actor, account, { departmentId, image: files.image });
  });
  binder.bind(driverRoutes.update, ({ actor, params, body, files }) => {
    const { departmentId, ...account } = body;
    return users.updateDriver(actor, params.id, account, { departmentId, image: files.image });
  });
  binder.bind(driverRoutes.remove, ({ actor, params }) => users.removeDriver(actor, params.id));
}
