import { route } from './route.js';
import { auditListQuerySchema, auditListReplySchema } from '../audit.schemas.js';

export const auditRoutes = {
  list: route({
    method: 'GET',
    path: '/audit-log',
    permission: 'audit.read',
    summary:
      "The audit trail, newest first: the platform admin sees every entry, an organization admin its organization's, a station rep its station's",
    tag: 'audit',
    query: auditListQuerySchema,
    reply: auditListReplySchema,
  }),
};
