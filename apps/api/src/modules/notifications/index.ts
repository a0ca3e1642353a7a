export { createNotificationsService, type NotificationsService, type Notice, type Recipient } from './notifications.service.js';
