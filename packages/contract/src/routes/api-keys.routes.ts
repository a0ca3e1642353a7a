import { route } from './route.js';
import { idParamsSchema } from '../common.js';
import { apiKeyCreateBodySchema, apiKeyCreatedReplySchema, apiKeyListReplySchema, apiKeyRevokedReplySchema } from '../api-keys.schemas.js';

export const apiKeyRoutes = {
  list: route({
    method: 'GET',
    path: '/api-keys',
    permission: 'apiKeys.manage',
    summary: "The organization's API keys, revoked ones included, newest first (never their secrets)",
    tag: 'api-keys',
    reply: apiKeyListReplySchema,
  }),
  create: route({
    method: 'POST',
    path: '/api-keys',
    permission: 'apiKeys.manage',
    summary: 'Creates a named API key with a scope; the reply carries its secret, which is never shown again',
    tag: 'api-keys',
    body: apiKeyCreateBodySchema,
    reply: apiKeyCreatedReplySchema,
  }),
  revoke: route({
    method: 'DELETE',
    path: '/api-keys/:id',
    permission: 'apiKeys.manage',
    summary: 'Revokes an API key: calls with it answer 401 from now on (the key stays listed as revoked)',
    tag: 'api-keys',
    params: idParamsSchema,
    reply: apiKeyRevokedReplySchema,
  }),
};
