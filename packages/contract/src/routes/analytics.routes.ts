import { route } from './route.js';
import { analyticsOverviewSchema, analyticsQuerySchema } from '../analytics.schemas.js';

export const analyticsRoutes = {
  overview: route({
    method: 'GET',
    path: '/analytics/overview',
    permission: 'signedIn',
    summary: "Figures, graphs and recent activity in the caller's scope (platform, organization, driver or station)",
    tag: 'analytics',
    query: analyticsQuerySchema,
    reply: analyticsOverviewSchema,
  }),
};
