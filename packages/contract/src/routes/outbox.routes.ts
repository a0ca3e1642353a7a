import { route } from './route.js';
import { messageIdParamsSchema, messageListQuerySchema, messageListReplySchema, messageResendReplySchema } from '../outbox.schemas.js';

export const outboxRoutes = {
  list: route({
    method: 'GET',
    path: '/admin/messages',
    permission: 'messages.manage',
    summary: 'The e-mails and texts FleetFuel sent or is sending, newest first, by status and channel',
    tag: 'outbox',
    query: messageListQuerySchema,
    reply: messageListReplySchema,
  }),
  resend: route({
    method: 'PATCH',
    path: '/admin/messages/:id/resend',
    permission: 'messages.manage',
    summary: 'Sends a FAILED message again, now',
    tag: 'outbox',
    params: messageIdParamsSchema,
    reply: messageResendReplySchema,
  }),
};
