export { type MessageOutcome } from './notifications.dispatcher.js';
export { bindOutboxRoutes } from './notifications.routes.js';
export { createNotificationsService, type NotificationsService, type Notice } from './notifications.service.js';
export { firstFittingText, languageOf, renderMail } from './templates/catalog.js';
export { dateTimeIn, dayIn, fuelName } from './templates/wording.js';
export { invitationMail, invitationTexts, passwordResetMail } from './templates/account-messages.js';
export { wordForReading } from './message-wording.js';
