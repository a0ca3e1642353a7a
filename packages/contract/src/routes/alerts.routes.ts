import { route } from './route.js';
import { alertsReplySchema } from '../alerts.schemas.js';

export const alertRoutes = {
  list: route({
    method: 'GET',
    path: '/alerts',
    permission: 'alerts.read',
    summary:
      "What needs attention in the caller's scope: expiring insurance and registration, service due, the subscription falling due, coupons about to expire, a low wallet",
    tag: 'alerts',
    reply: alertsReplySchema,
  }),
};
