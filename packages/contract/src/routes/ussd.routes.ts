import { z } from 'zod';
import { route } from './route.js';

/** One field of Africa's Talking's callback: plain text, bounded so that a hostile caller cannot send a book. */
const gatewayField = (max: number) => z.string().max(max);

/**
 * What Africa's Talking posts, form-encoded, on each step of a USSD session: `text` is everything
 * the caller typed so far, joined by `*` ("" on the first callback). Other fields it may add
 * (networkCode) are ignored.
 */
const ussdCallbackBodySchema = z.object({
  sessionId: gatewayField(100).min(1),
  serviceCode: gatewayField(40),
  phoneNumber: gatewayField(20).min(1),
  text: gatewayField(400).default(''),
});

export const ussdRoutes = {
  callback: route({
    method: 'POST',
    path: '/ussd',
    permission: 'public',
    summary:
      "Africa's Talking USSD callback for drivers on feature phones (form-encoded; the gateway is checked by X-USSD-Secret or its address). " +
      'Replies text/plain: "CON <screen>" to continue, "END <screen>" to finish',
    tag: 'ussd',
    query: z.object({ secret: z.string().max(200).optional() }),
    body: ussdCallbackBodySchema,
    bodyType: 'form',
    reply: z.string(),
    replyType: 'text',
  }),
};
