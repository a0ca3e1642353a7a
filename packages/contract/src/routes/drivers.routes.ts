import { route } from './route.js';
import { idParamsSchema, messageReplySchema } from '../common.js';
import {
  driverCreateBodySchema,
  driverListQuerySchema,
  driverListReplySchema,
  driverSchema,
  driverUpdateBodySchema,
} from '../fleet.schemas.js';

export const driverRoutes = {
  list: route({
    method: 'GET',
    path: '/drivers',
    permission: 'fleet.manage',
    summary: 'Drivers of the organization, searchable and paginated',
    tag: 'drivers',
    query: driverListQuerySchema,
    reply: driverListReplySchema,
  }),
  get: route({
    method: 'GET',
    path: '/drivers/:id',
    permission: 'fleet.manage',
    summary: 'One driver',
    tag: 'drivers',
    params: idParamsSchema,
    reply: driverSchema,
  }),
  create: route({
    method: 'POST',
    path: '/drivers',
    permission: 'fleet.manage',
    summary: 'Add a driver who can sign in (multipart with an optional `image`)',
    tag: 'drivers',
    body: driverCreateBodySchema,
    bodyType: 'multipart',
    files: { image: 'image' },
    reply: driverSchema,
  }),
  update: route({
    method: 'PUT',
    path: '/drivers/:id',
    permission: 'fleet.manage',
    summary: 'Update a driver (multipart with an optional `image`)',
    tag: 'drivers',
    params: idParamsSchema,
    body: driverUpdateBodySchema,
    bodyType: 'multipart',
    files: { image: 'image' },
    reply: driverSchema,
  }),
  remove: route({
    method: 'DELETE',
    path: '/drivers/:id',
    permission: 'fleet.manage',
    summary: 'Delete a driver without history (otherwise disable the account)',
    tag: 'drivers',
    params: idParamsSchema,
    reply: messageReplySchema,
  }),
};
