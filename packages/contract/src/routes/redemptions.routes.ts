import { stationRedemptionsQuerySchema, stationRedemptionsReplySchema } from '../redemptions.schemas.js';
import { route } from './route.js';

export const redemptionRoutes = {
  station: route({
    method: 'GET',
    path: '/station/redemptions',
    permission: 'requests.redeem',
    summary: "The caller's station's redemptions in a period (default today): fuel coupons and maintenance jobs, newest first",
    tag: 'fuel-requests',
    query: stationRedemptionsQuerySchema,
    reply: stationRedemptionsReplySchema,
  }),
};
