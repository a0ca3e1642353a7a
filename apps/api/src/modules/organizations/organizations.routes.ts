import { organizationRoutes } from '@fleetfuel/contract';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { OrganizationsService } from './organizations.service.js';

export function bindOrganizationRoutes(binder: RouteBinder, organizations: OrganizationsService): void {
  binder.bind(organizationRoutes.list, async ({ query }) => {
    const { data, total } = await organizations.list(query);
    return { data, meta: { page: query.page, pageSize: query.pageSize, total } };
  });
}
