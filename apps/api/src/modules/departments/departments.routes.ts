import { departmentRoutes } from '@fleetfuel/contract';
import { withPageMeta } from '../../platform/http/paging.js';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { DepartmentsService } from './departments.service.js';

export function bindDepartmentRoutes(binder: RouteBinder, departments: DepartmentsService): void {
  binder.bind(departmentRoutes.list, async ({ actor, query }) => withPageMeta(query, await departments.list(actor, query)));
  binder.bind(departmentRoutes.get, ({ actor, params }) => departments.get(actor, params.id));
  binder.bind(departmentRoutes.create, ({ actor, body }) => departments.create(actor, body));
  binder.bind(departmentRoutes.update, ({ actor, params, body }) => departments.update(actor, params.id, body));
  binder.bind(departmentRoutes.remove, ({ actor, params }) => departments.remove(actor, params.id));
  binder.bind(departmentRoutes.unassignDriver, ({ actor, params, body }) => departments.unassignDriver(actor, params.id, body.driverId));
}
