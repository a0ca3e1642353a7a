import { route } from './route.js';
import { idParamsSchema, messageReplySchema } from '../common.js';
import {
  departmentCreateBodySchema,
  departmentListQuerySchema,
  departmentListReplySchema,
  departmentSchema,
  departmentUpdateBodySchema,
  unassignDriverBodySchema,
} from '../fleet.schemas.js';

export const departmentRoutes = {
  list: route({
    method: 'GET',
    path: '/departments',
    permission: 'fleet.manage',
    summary: 'Groups of the organization, searchable and paginated',
    tag: 'departments',
    query: departmentListQuerySchema,
    reply: departmentListReplySchema,
  }),
  get: route({
    method: 'GET',
    path: '/departments/:id',
    permission: 'fleet.manage',
    summary: 'One group',
    tag: 'departments',
    params: idParamsSchema,
    reply: departmentSchema,
  }),
  create: route({
    method: 'POST',
    path: '/departments',
    permission: 'fleet.manage',
    summary: 'Add a group (ADMIN names the organization)',
    tag: 'departments',
    body: departmentCreateBodySchema,
    reply: departmentSchema,
  }),
  update: route({
    method: 'PUT',
    path: '/departments/:id',
    permission: 'fleet.manage',
    summary: 'Update a group',
    tag: 'departments',
    params: idParamsSchema,
    body: departmentUpdateBodySchema,
    reply: departmentSchema,
  }),
  remove: route({
    method: 'DELETE',
    path: '/departments/:id',
    permission: 'fleet.manage',
    summary: 'Delete a group without members or history (otherwise set it INACTIVE)',
    tag: 'departments',
    params: idParamsSchema,
    reply: messageReplySchema,
  }),
  unassignDriver: route({
    method: 'PATCH',
    path: '/departments/:id/unassign-driver',
    permission: 'fleet.manage',
    summary: 'Remove a driver from the group',
    tag: 'departments',
    params: idParamsSchema,
    body: unassignDriverBodySchema,
    reply: departmentSchema,
  }),
};
