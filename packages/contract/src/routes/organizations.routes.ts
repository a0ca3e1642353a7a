import { route } from './route.js';
import { idParamsSchema, messageReplySchema } from '../common.js';
import {
  organizationAnalyticsSchema,
  organizationCreateBodySchema,
  organizationListReplySchema,
  organizationSchema,
  organizationUpdateBodySchema,
  organizationListQuerySchema,
} from '../tenants.schemas.js';
import { organizationSettingsBodySchema, organizationSettingsQuerySchema, organizationSettingsReplySchema } from '../account.schemas.js';

export const organizationRoutes = {
  list: route({
    method: 'GET',
    path: '/admin/organizations',
    permission: 'clients.manage',
    summary: 'Client organizations, searchable and paginated',
    tag: 'organizations',
    query: organizationListQuerySchema,
    reply: organizationListReplySchema,
  }),
  analytics: route({
    method: 'GET',
    path: '/admin/organizations/analytics',
    permission: 'clients.manage',
    summary: 'Client figures for the Clients page stat cards',
    tag: 'organizations',
    reply: organizationAnalyticsSchema,
  }),
  get: route({
    method: 'GET',
    path: '/admin/organizations/:id',
    permission: 'clients.manage',
    summary: 'One client organization',
    tag: 'organizations',
    params: idParamsSchema,
    reply: organizationSchema,
  }),
  create: route({
    method: 'POST',
    path: '/admin/organizations',
    permission: 'clients.manage',
    summary: 'Register a client organization (multipart, optional logo `image`)',
    tag: 'organizations',
    body: organizationCreateBodySchema,
    bodyType: 'multipart',
    files: { image: 'image' },
    reply: organizationSchema,
  }),
  update: route({
    method: 'PUT',
    path: '/admin/organizations/:id',
    permission: 'clients.manage',
    summary: 'Update a client organization (multipart, optional logo `image`)',
    tag: 'organizations',
    params: idParamsSchema,
    body: organizationUpdateBodySchema,
    bodyType: 'multipart',
    files: { image: 'image' },
    reply: organizationSchema,
  }),
  remove: route({
    method: 'DELETE',
    path: '/admin/organizations/:id',
    permission: 'clients.manage',
    summary: 'Delete a client without history (otherwise suspend it)',
    tag: 'organizations',
    params: idParamsSchema,
    reply: messageReplySchema,
  }),
};

export const organizationSettingsRoutes = {
  get: route({
    method: 'GET',
    path: '/settings/organization',
    permission: 'organization.read',
    summary: "The organization's profile and preferences (ADMIN names the organization)",
    tag: 'settings',
    query: organizationSettingsQuerySchema,
    reply: organizationSettingsReplySchema,
  }),
  update: route({
    method: 'PUT',
    path: '/settings/organization',
    permission: 'requests.approve',
    summary: "The organization admin sets its organization's preferences",
    tag: 'settings',
    body: organizationSettingsBodySchema,
    reply: organizationSettingsReplySchema,
  }),
};
