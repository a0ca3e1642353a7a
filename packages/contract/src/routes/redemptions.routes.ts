import { idParamsSchema } from '../common.js';
import {
  attendantsQuerySchema,
  attendantsReplySchema,
  openCouponsReplySchema,
  redemptionFollowUpReplySchema,
  redemptionFollowUpsQuerySchema,
  redemptionFollowUpsReplySchema,
  resolveFollowUpBodySchema,
  stationRedemptionsQuerySchema,
  stationRedemptionsReplySchema,
} from '../redemptions.schemas.js';
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
  followUps: route({
    method: 'GET',
    path: '/station/follow-ups',
    permission: 'redemptions.followUp',
    summary:
      'Redemptions recorded offline that the server refused when they were sent: fuel that may have left the pump unpaid (station representative: own station; platform admin: any)',
    tag: 'fuel-requests',
    query: redemptionFollowUpsQuerySchema,
    reply: redemptionFollowUpsReplySchema,
  }),
  attendants: route({
    method: 'GET',
    path: '/station/attendants',
    permission: 'redemptions.attendants',
    summary:
      "Each attendant's redemptions, litres and naira in a period, with the patterns collusion leaves raised as flags (station representative: own station; platform admin: a station; organization admins: their fleet's fills)",
    tag: 'fuel-requests',
    query: attendantsQuerySchema,
    reply: attendantsReplySchema,
  }),
  resolveFollowUp: route({
    method: 'PATCH',
    path: '/station/follow-ups/:id/resolve',
    permission: 'redemptions.followUp',
    summary: 'Close a follow-up with how it was settled; audited',
    tag: 'fuel-requests',
    params: idParamsSchema,
    body: resolveFollowUpBodySchema,
    reply: redemptionFollowUpReplySchema,
  }),
};
