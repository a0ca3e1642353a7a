export { createWebhookDispatcher, type DispatchOutcome } from './webhooks.dispatcher.js';
export { webhookOutbox, type WebhookEventRecord } from './webhooks.outbox.js';
export { bindWebhookRoutes } from './webhooks.routes.js';
export { createWebhooksService, type WebhooksService } from './webhooks.service.js';
