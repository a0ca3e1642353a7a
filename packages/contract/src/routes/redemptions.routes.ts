import { openCouponsReplySchema, stationRedemptionsQuerySchema, stationRedemptionsReplySchema } from '../redemptions.schemas.js';
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
  openCoupons: route({
    method: 'GET',
    path: '/station/open-coupons',
    permission: 'requests.redeem',
    summary:
      "The caller's station's approved, unexpired fuel coupons (at most 5,000, the soonest-expiring first): its device keeps them to check coupons offline",
    tag: 'fuel-requests',
    reply: openCouponsReplySchema,
  }),
};
