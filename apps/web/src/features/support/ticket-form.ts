/** The support ticket forms: plain strings checked by the contract's own body schemas. */
import { MAX_UPLOAD_BYTES, ticketCreateBodySchema, ticketReplyBodySchema } from '@fleetfuel/contract';

export const ticketFormSchema = ticketCreateBodySchema;
export const replyFormSchema = ticketReplyBodySchema;

const ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const ATTACHMENT_ACCEPT = ATTACHMENT_TYPES.join(',');
export const ATTACHMENT_TYPE_MESSAGE = 'Choose a PDF or an image (PNG, JPEG, WebP or GIF)';
export const ATTACHMENT_SIZE_MESSAGE = `The attachment must be at most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB`;

/** Why the file cannot be attached, or null when it can. */
export function attachmentError(file: Pick<File, 'type' | 'size'> | null | undefined): string | null {
  if (!file) return null;
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type)) return ATTACHMENT_TYPE_MESSAGE;
  if (file.size > MAX_UPLOAD_BYTES) return ATTACHMENT_SIZE_MESSAGE;
  return null;
}

export function toTicketFormData(values: { subject: string; message: string }, attachment: File | null): FormData {
  const body = new FormData();
  body.append('subject', values.subject);
  body.append('message', values.message);
  if (attachment) body.append('attachment', attachment);
  return body;
}
