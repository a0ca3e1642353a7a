/**
 * The outbox of e-mails and texts as the platform admin reads it (issue 16): every notification and
 * text is a row written with the change it tells about and sent by any instance; one the mail
 * server or the SMS provider kept refusing ends FAILED, and can be sent again from here.
 */
import { z } from 'zod';
import { listQuerySchema, pageMetaSchema, timestampSchema } from './common.js';

export const OUTGOING_MESSAGE_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;
export const outgoingMessageStatusSchema = z.enum(OUTGOING_MESSAGE_STATUSES, { error: 'Must be PENDING, SENT or FAILED' });
export type OutgoingMessageStatus = z.infer<typeof outgoingMessageStatusSchema>;

export const MESSAGE_CHANNELS = ['EMAIL', 'SMS'] as const;
export const messageChannelSchema = z.enum(MESSAGE_CHANNELS, { error: 'Must be EMAIL or SMS' });
export type MessageChannel = z.infer<typeof messageChannelSchema>;

/** A message's id: the outbox numbers its rows. */
export const messageIdParamsSchema = z.strictObject({ id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'Must be a valid id') });

export const outgoingMessageSchema = z.object({
  id: z.string(),
  channel: messageChannelSchema,
  status: outgoingMessageStatusSchema,
  /** An e-mail address, or a phone number as the person's account holds it. */
  recipient: z.string(),
  recipientName: z.string().nullable(),
  /** The organization the message is about; null for a station's or the platform's own business. */
  organization: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** E-mails only. */
  subject: z.string().nullable(),
  body: z.string(),
  attempts: z.number().int(),
  /** Why the last try failed; null once sent. */
  lastError: z.string().nullable(),
  createdAt: timestampSchema,
  /** When a PENDING message is next tried; null otherwise. */
  nextAttemptAt: timestampSchema.nullable(),
  sentAt: timestampSchema.nullable(),
});
export type OutgoingMessage = z.infer<typeof outgoingMessageSchema>;

/** Newest first; `search` matches the recipient, the subject or the organization's name. */
export const messageListQuerySchema = listQuerySchema.extend({
  status: outgoingMessageStatusSchema.optional(),
  channel: messageChannelSchema.optional(),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

export const messageListReplySchema = z.object({ messages: z.array(outgoingMessageSchema), meta: pageMetaSchema });

export const messageResendReplySchema = z.object({ message: z.string(), outgoingMessage: outgoingMessageSchema });
