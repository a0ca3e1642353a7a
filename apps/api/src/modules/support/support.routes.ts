import { supportRoutes } from '@fleetfuel/contract';
import { withPageMeta } from '../../platform/http/paging.js';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { SupportService } from './support.service.js';

export function bindSupportRoutes(binder: RouteBinder, support: SupportService): void {
  binder.bind(supportRoutes.contact, () => Promise.resolve(support.contact()));
  binder.bind(supportRoutes.list, async ({ actor, query }) => withPageMeta(query, await support.list(actor, query)));
  binder.bind(supportRoutes.get, ({ actor, params }) => support.get(actor, params.id));
  binder.bind(supportRoutes.create, ({ actor, body, files }) => support.create(actor, body, files.attachment));
  binder.bind(supportRoutes.reply, ({ actor, params, body }) => support.reply(actor, params.id, body.message));
  binder.bind(supportRoutes.close, ({ actor, params }) => support.close(actor, params.id));
}
