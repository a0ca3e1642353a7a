import { route } from './route.js';
import { idParamsSchema } from '../common.js';
import {
  reserveCreateBodySchema,
  reserveListQuerySchema,
  reserveListReplySchema,
  reserveUpdateBodySchema,
  reserveWriteReplySchema,
} from '../billing.schemas.js';

export const reserveRoutes = {
  list: route({
    method: 'GET',
    path: '/fuel-reserves',
    permission: 'reserves.read',
    summary: "The organization's fuel reserves with what remains per fuel type (ADMIN names the organization)",
    tag: 'reserves',
    query: reserveListQuerySchema,
    reply: reserveListReplySchema,
  }),
  create: route({
    method: 'POST',
    path: '/fuel-reserves',
    permission: 'reserves.create',
    summary: 'Request a reserve of a fuel type (PENDING until the organization admin approves)',
    tag: 'reserves',
    body: reserveCreateBodySchema,
    reply: reserveWriteReplySchema,
  }),
  update: route({
    method: 'PATCH',
    path: '/fuel-reserves/:id',
    permission: 'reserves.approve',
    summary: 'Approve a pending reserve (or deactivate a reserve); reply has a message',
    tag: 'reserves',
    params: idParamsSchema,
    body: reserveUpdateBodySchema,
    reply: reserveWriteReplySchema,
  }),
};
