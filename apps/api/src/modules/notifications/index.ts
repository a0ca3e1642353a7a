export { createNotificationsService, type NotificationsService, type Notice } from './notifications.service.js';
