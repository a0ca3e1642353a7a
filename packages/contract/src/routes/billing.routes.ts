import { route } from './route.js';
import { currentSubscriptionQuerySchema, currentSubscriptionReplySchema, renewBodySchema, renewReplySchema } from '../billing.schemas.js';

export const billingRoutes = {
  current: route({
    method: 'GET',
    path: '/subscriptions/current',
    permission: 'reserves.read',
    summary: "The organization's plan, billing dates and usage against each limit",
    tag: 'subscriptions',
    query: currentSubscriptionQuerySchema,
    reply: currentSubscriptionReplySchema,
  }),
  renew: route({
    method: 'POST',
    path: '/subscriptions/renew',
    permission: 'subscription.renew',
    summary: 'Renew from the wallet once nextBilling has passed (otherwise pay by card: make-purchase)',
    tag: 'subscriptions',
    body: renewBodySchema,
    reply: renewReplySchema,
    idempotent: true,
  }),
};
