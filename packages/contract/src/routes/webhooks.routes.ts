import { route } from './route.js';
import { idParamsSchema, messageReplySchema } from '../common.js';
import {
  webhookCreateBodySchema,
  webhookCreatedReplySchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesReplySchema,
  webhookListReplySchema,
} from '../webhooks.schemas.js';

export const webhookRoutes = {
  list: route({
    method: 'GET',
    path: '/webhooks',
    permission: 'webhooks.manage',
    summary: "The organization's webhook endpoints, newest first, each with its latest delivery (never their secrets)",
    tag: 'webhooks',
    reply: webhookListReplySchema,
  }),
  create: route({
    method: 'POST',
    path: '/webhooks',
    permission: 'webhooks.manage',
    summary: 'Registers an https endpoint for events; the reply carries its signing secret, which is never shown again',
    tag: 'webhooks',
    body: webhookCreateBodySchema,
    reply: webhookCreatedReplySchema,
  }),
  remove: route({
    method: 'DELETE',
    path: '/webhooks/:id',
    permission: 'webhooks.manage',
    summary: 'Removes an endpoint: nothing more is sent to it, pending deliveries included',
    tag: 'webhooks',
    params: idParamsSchema,
    reply: messageReplySchema,
  }),
  deliveries: route({
    method: 'GET',
    path: '/webhooks/:id/deliveries',
    permission: 'webhooks.manage',
    summary: "An endpoint's deliveries, newest first, each with its status and last attempt",
    tag: 'webhooks',
    params: idParamsSchema,
    query: webhookDeliveriesQuerySchema,
    reply: webhookDeliveriesReplySchema,
  }),
};
