import { organizationRoutes, organizationSettingsRoutes } from '@fleetfuel/contract';
import { withPageMeta } from '../../platform/http/paging.js';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { OrganizationsService } from './organizations.service.js';

export function bindOrganizationRoutes(binder: RouteBinder, organizations: OrganizationsService): void {
  binder.bind(organizationRoutes.list, async ({ query }) => withPageMeta(query, await organizations.list(query)));
  binder.bind(organizationRoutes.analytics, () => organizations.analytics());
  binder.bind(organizationRoutes.get, ({ params }) => organizations.get(params.id));
  binder.bind(organizationRoutes.create, ({ actor, body, files }) => organizations.create(actor, body, files.image));
  binder.bind(organizationRoutes.update, ({ actor, params, body, files }) => organizations.update(actor, params.id, body, files.image));
  binder.bind(organizationRoutes.remove, ({ params }) => organizations.remove(params.id));
  binder.bind(organizationSettingsRoutes.get, ({ actor, query }) => organizations.settings(actor, query.organizationId));
  binder.bind(organizationSettingsRoutes.update, ({ actor, body }) => organizations.updateSettings(actor, body));
}
