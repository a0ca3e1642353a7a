import { outboxRoutes } from '@fleetfuel/contract';
import { withPageMeta } from '../../platform/http/paging.js';
import type { RouteBinder } from '../../platform/http/routing.js';
import type { NotificationsService } from './notifications.service.js';

/** The platform admin's view of the outbox of e-mails and texts. */
export function bindOutboxRoutes(binder: RouteBinder, notifications: NotificationsService): void {
  binder.bind(outboxRoutes.list, async ({ query }) => withPageMeta(query, await notifications.listMessages(query)));
  binder.bind(outboxRoutes.resend, ({ actor, params }) => notifications.resendMessage(actor, params.id));
}
