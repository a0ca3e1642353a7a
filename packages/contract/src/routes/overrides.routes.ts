import { route } from './route.js';
import { idParamsSchema } from '../common.js';
import {
  overrideDecisionBodySchema,
  overrideListQuerySchema,
  overrideListReplySchema,
  overrideReplySchema,
  stationOverrideReplySchema,
} from '../overrides.schemas.js';

export const overrideRoutes = {
  list: route({
    method: 'GET',
    path: '/overrides',
    permission: 'overrides.read',
    summary: "Overrides asked at the pump for fills that break a SOFT fuel policy, newest first (the organization's; ADMIN names one)",
    tag: 'overrides',
    query: overrideListQuerySchema,
    reply: overrideListReplySchema,
  }),
  decide: route({
    method: 'PATCH',
    path: '/overrides/:id',
    permission: 'overrides.decide',
    summary: 'Approve (the coupon may then be redeemed, up to the litres asked, for 15 minutes) or decline a pending override',
    tag: 'overrides',
    params: idParamsSchema,
    body: overrideDecisionBodySchema,
    reply: overrideReplySchema,
  }),
  station: route({
    method: 'GET',
    path: '/station/overrides/:id',
    permission: 'requests.redeem',
    summary: "An override the station asked for, as the waiting attendant's screen reads it",
    tag: 'overrides',
    params: idParamsSchema,
    reply: stationOverrideReplySchema,
  }),
  cancel: route({
    method: 'POST',
    path: '/station/overrides/:id/cancel',
    permission: 'requests.redeem',
    summary: "The attendant stops waiting (the driver left): the station's own pending override is cancelled, audited",
    tag: 'overrides',
    params: idParamsSchema,
    reply: overrideReplySchema,
  }),
};
