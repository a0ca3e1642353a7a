export { type MessageOutcome } from './notifications.dispatcher.js';
export { bindOutboxRoutes } from './notifications.routes.js';
export { createNotificationsService, type NotificationsService, type Notice } from './notifications.service.js';
