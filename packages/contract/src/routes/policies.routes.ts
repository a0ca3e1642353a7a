import { route } from './route.js';
import { idParamsSchema } from '../common.js';
import {
  budgetUsageReplySchema,
  fuelPolicyBodySchema,
  fuelPolicyDeleteReplySchema,
  fuelPolicyListQuerySchema,
  fuelPolicyListReplySchema,
  fuelPolicyWriteReplySchema,
} from '../policies.schemas.js';

export const fuelPolicyRoutes = {
  list: route({
    method: 'GET',
    path: '/fuel-policies',
    permission: 'policies.read',
    summary: "The organization's fuel policies, organization-wide first, then by group, driver and vehicle (ADMIN names the organization)",
    tag: 'policies',
    query: fuelPolicyListQuerySchema,
    reply: fuelPolicyListReplySchema,
  }),
  usage: route({
    method: 'GET',
    path: '/fuel-policies/usage',
    permission: 'policies.read',
    summary: "Each budget's period, limit, use, remainder and projected use at this pace (ADMIN names the organization)",
    tag: 'policies',
    query: fuelPolicyListQuerySchema,
    reply: budgetUsageReplySchema,
  }),
  create: route({
    method: 'POST',
    path: '/fuel-policies',
    permission: 'policies.manage',
    summary: 'Set a rule for the organization, a group, a driver or a vehicle; one policy per rule and scope',
    tag: 'policies',
    body: fuelPolicyBodySchema,
    reply: fuelPolicyWriteReplySchema,
  }),
  update: route({
    method: 'PUT',
    path: '/fuel-policies/:id',
    permission: 'policies.manage',
    summary: "Replace a policy's rule, value, enforcement or scope",
    tag: 'policies',
    params: idParamsSchema,
    body: fuelPolicyBodySchema,
    reply: fuelPolicyWriteReplySchema,
  }),
  remove: route({
    method: 'DELETE',
    path: '/fuel-policies/:id',
    permission: 'policies.manage',
    summary: 'Remove a policy',
    tag: 'policies',
    params: idParamsSchema,
    reply: fuelPolicyDeleteReplySchema,
  }),
};
