export { createWebhookDispatcher, type DispatchOutcome } from './webhooks.dispatcher.js';
export { webhookOutbox } from './webhooks.outbox.js';
export { bindWebhookRoutes } from './webhooks.routes.js';
export { createWebhooksService } from './webhooks.service.js';
