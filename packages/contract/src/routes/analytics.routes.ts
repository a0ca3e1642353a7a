import { route } from './route.js';
import { analyticsOverviewSchema, analyticsQuerySchema, efficiencyQuerySchema, efficiencyReplySchema } from '../analytics.schemas.js';

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
  efficiency: route({
    method: 'GET',
    path: '/analytics/efficiency',
    permission: 'analytics.view',
    summary: 'km per litre (or kWh) and cost per km of each vehicle from consecutive odometer readings, and the silent assets',
    tag: 'analytics',
    query: efficiencyQuerySchema,
    reply: efficiencyReplySchema,
  }),
};
