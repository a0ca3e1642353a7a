import { route } from './route.js';
import { idParamsSchema, messageReplySchema } from '../common.js';
import { userCreateBodySchema, userListQuerySchema, userListReplySchema, userSchema, userUpdateBodySchema } from '../identity.schemas.js';

export const userRoutes = {
  list: route({
    method: 'GET',
    path: '/admin/users',
    permission: 'users.manage',
    summary: 'Accounts the caller may see, searchable and paginated',
    tag: 'users',
    query: userListQuerySchema,
    reply: userListReplySchema,
  }),
  get: route({
    method: 'GET',
    path: '/admin/users/:id',
    permission: 'users.manage',
    summary: 'One account',
    tag: 'users',
    params: idParamsSchema,
    reply: userSchema,
  }),
  create: route({
    method: 'POST',
    path: '/admin/users',
    permission: 'users.manage',
    summary: 'Create an account within the caller’s rights',
    tag: 'users',
    body: userCreateBodySchema,
    reply: userSchema,
  }),
  update: route({
    method: 'PUT',
    path: '/admin/users/:id',
    permission: 'users.manage',
    summary: 'Edit, disable or re-enable an account',
    tag: 'users',
    params: idParamsSchema,
    body: userUpdateBodySchema,
    reply: userSchema,
  }),
  remove: route({
    method: 'DELETE',
    path: '/admin/users/:id',
    permission: 'users.manage',
    summary: 'Delete an account without history (otherwise disable it)',
    tag: 'users',
    params: idParamsSchema,
    reply: messageReplySchema,
  }),
  clearStationPin: route({
    method: 'DELETE',
    path: '/admin/users/:id/station-pin',
    permission: 'stationPin.clear',
    summary: "Clear a station attendant's forgotten station PIN, so that they set a new one (audited)",
    tag: 'users',
    params: idParamsSchema,
    reply: messageReplySchema,
  }),
};
