import { webhookRoutes } from '@fleetfuel/contract';
import { withPageMeta } from '../../platform/http/paging.js';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { WebhooksService } from './webhooks.service.js';

export function bindWebhookRoutes(binder: RouteBinder, webhooks: WebhooksService): void {
  binder.bind(webhookRoutes.list, ({ actor }) => webhooks.list(actor));
  binder.bind(webhookRoutes.create, ({ actor, body }) => webhooks.create(actor, body));
  binder.bind(webhookRoutes.remove, ({ actor, params }) => webhooks.remove(actor, params.id));
  binder.bind(webhookRoutes.deliveries, async ({ actor, params, query }) =>
    withPageMeta(query, await webhooks.deliveries(actor, params.id, query)),
  );
}
