/**
 * Issue 14's signed webhooks: HTTPS endpoints an organization admin registers for events, and the
 * deliveries (with their attempts) the platform made to them.
 */
import { z } from 'zod';
import { idSchema, listQuerySchema, pageMetaSchema, timestampSchema } from './common.js';
import { MESSAGES } from './messages.js';

/** The events an endpoint may subscribe to, as `<record>.<what happened>`. */
export const WEBHOOK_EVENTS = [
  'fuel_request.created',
  'fuel_request.approved',
  'fuel_request.rejected',
  'fuel_request.redeemed',
  'maintenance.created',
  'maintenance.approved',
  'maintenance.rejected',
  'maintenance.completed',
  'wallet.funded',
  'wallet.low_balance',
] as const;
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS, { error: () => `Must be one of: ${WEBHOOK_EVENTS.join(', ')}` });
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export const webhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

/** Every secret starts so; the receiver keys its HMAC with the whole secret, prefix included. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_MESSAGES = {
  chooseEvent: 'Choose at least one event',
  invalidUrl: 'Must be a valid URL',
  https: 'Webhook URLs must use https',
} as const;

export const webhookCreateBodySchema = z.strictObject({
  // Whether plain http is allowed (only to this machine, outside production) is the API's call.
  url: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(WEBHOOK_URL_MAX, MESSAGES.maxLength(WEBHOOK_URL_MAX))
    .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_MESSAGES.invalidUrl })),
  events: z
    .array(webhookEventSchema, { error: WEBHOOK_MESSAGES.chooseEvent })
    .min(1, WEBHOOK_MESSAGES.chooseEvent)
    .max(WEBHOOK_EVENTS.length)
    .transform((events) => [...new Set(events)]),
});
export type WebhookCreateBody = z.infer<typeof webhookCreateBodySchema>;

export const webhookLastAttemptSchema = z.object({
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  attemptedAt: timestampSchema,
});

export const webhookDeliverySchema = z.object({
  id: idSchema,
  eventId: idSchema,
  event: webhookEventSchema,
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  createdAt: timestampSchema,
  deliveredAt: timestampSchema.nullable(),
  /** When the next try is due; null once delivered or failed for good. */
  nextAttemptAt: timestampSchema.nullable(),
  lastAttempt: webhookLastAttemptSchema.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** An endpoint as listed: never its secret. */
export const webhookSchema = z.object({
  id: idSchema,
  url: z.string(),
  events: z.array(webhookEventSchema),
  createdAt: timestampSchema,
  lastDelivery: z
    .object({ event: webhookEventSchema, status: webhookDeliveryStatusSchema, attempts: z.number().int(), createdAt: timestampSchema })
    .nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookCreatedReplySchema = z.object({
  message: z.string(),
  webhook: webhookSchema,
  /** The signing secret, in this reply only. */
  secret: z.string(),
});

export const webhookListReplySchema = z.object({ webhooks: z.array(webhookSchema) });

export const webhookDeliveriesQuerySchema = listQuerySchema.omit({ search: true });
export const webhookDeliveriesReplySchema = z.object({ deliveries: z.array(webhookDeliverySchema), meta: pageMetaSchema });
