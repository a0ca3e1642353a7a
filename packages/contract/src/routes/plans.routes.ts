import { route } from './route.js';
import { idParamsSchema } from '../common.js';
import {
  planCreateBodySchema,
  planListQuerySchema,
  planListReplySchema,
  planUpdateBodySchema,
  planWriteReplySchema,
} from '../plans.schemas.js';

export const planRoutes = {
  list: route({
    method: 'GET',
    path: '/subscriptions',
    permission: 'plans.read',
    summary: 'Subscription plans (organization admins see the active ones)',
    tag: 'subscriptions',
    query: planListQuerySchema,
    reply: planListReplySchema,
  }),
  create: route({
    method: 'POST',
    path: '/subscriptions',
    permission: 'plans.manage',
    summary: 'Add a subscription plan',
    tag: 'subscriptions',
    body: planCreateBodySchema,
    moneyFields: { amount: 'amount' },
    reply: planWriteReplySchema,
  }),
  update: route({
    method: 'PUT',
    path: '/subscriptions/:id',
    permission: 'plans.manage',
    summary: 'Edit a subscription plan',
    tag: 'subscriptions',
    params: idParamsSchema,
    body: planUpdateBodySchema,
    moneyFields: { amount: 'amount' },
    reply: planWriteReplySchema,
  }),
};
