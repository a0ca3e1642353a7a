import { route } from './route.js';
import { idParamsSchema, messageReplySchema } from '../common.js';
import {
  fuelStationCreateBodySchema,
  fuelStationListReplySchema,
  fuelStationSchema,
  fuelStationUpdateBodySchema,
  fuelStationListQuerySchema,
} from '../tenants.schemas.js';

export const fuelStationRoutes = {
  list: route({
    method: 'GET',
    path: '/admin/fuel-stations',
    permission: 'stations.manage',
    summary: 'Partner fuel stations, searchable and paginated',
    tag: 'fuel-stations',
    query: fuelStationListQuerySchema,
    reply: fuelStationListReplySchema,
  }),
  get: route({
    method: 'GET',
    path: '/admin/fuel-stations/:id',
    permission: 'stations.manage',
    summary: 'One fuel station',
    tag: 'fuel-stations',
    params: idParamsSchema,
    reply: fuelStationSchema,
  }),
  create: route({
    method: 'POST',
    path: '/admin/fuel-stations',
    permission: 'stations.manage',
    summary: 'Add a partner fuel station (multipart, optional `image`)',
    tag: 'fuel-stations',
    body: fuelStationCreateBodySchema,
    bodyType: 'multipart',
    files: { image: 'image' },
    reply: fuelStationSchema,
  }),
  update: route({
    method: 'PUT',
    path: '/admin/fuel-stations/:id',
    permission: 'stations.manage',
    summary: 'Update a fuel station (multipart, optional `image`)',
    tag: 'fuel-stations',
    params: idParamsSchema,
    body: fuelStationUpdateBodySchema,
    bodyType: 'multipart',
    files: { image: 'image' },
    reply: fuelStationSchema,
  }),
  remove: route({
    method: 'DELETE',
    path: '/admin/fuel-stations/:id',
    permission: 'stations.manage',
    summary: 'Delete a station without history (otherwise deactivate it)',
    tag: 'fuel-stations',
    params: idParamsSchema,
    reply: messageReplySchema,
  }),
};
