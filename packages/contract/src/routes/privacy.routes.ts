import { route } from './route.js';
import { idParamsSchema } from '../common.js';
import { personErasedReplySchema, personalDataExportSchema } from '../privacy.schemas.js';

/** The NDPA 2023's rights of access and erasure (issue 45); see docs/privacy.md. */
export const privacyRoutes = {
  exportOwn: route({
    method: 'GET',
    path: '/account/data-export',
    permission: 'signedIn',
    summary: 'Everything the platform holds about the caller (profile, sessions, requests, messages, audit entries), as JSON',
    tag: 'privacy',
    reply: personalDataExportSchema,
  }),
  exportDriver: route({
    method: 'GET',
    path: '/drivers/:id/data-export',
    permission: 'personalData.drivers',
    summary: "A driver's personal data, for answering the driver's request for access",
    tag: 'privacy',
    params: idParamsSchema,
    reply: personalDataExportSchema,
  }),
  eraseDriver: route({
    method: 'POST',
    path: '/drivers/:id/erase',
    permission: 'personalData.drivers',
    summary:
      "Erase a driver's personal data: name, contacts, PINs, photo and sessions go, the account can never sign in again; the ledger, requests and audit keep their ids and amounts. Refused while the driver holds an open coupon",
    tag: 'privacy',
    params: idParamsSchema,
    reply: personErasedReplySchema,
  }),
  exportAccount: route({
    method: 'GET',
    path: '/admin/users/:id/data-export',
    permission: 'personalData.accounts',
    summary: "Any account's personal data, for the platform answering a request for access",
    tag: 'privacy',
    params: idParamsSchema,
    reply: personalDataExportSchema,
  }),
  eraseAccount: route({
    method: 'POST',
    path: '/admin/users/:id/erase',
    permission: 'personalData.accounts',
    summary: "Erase any account's personal data, as for a driver; refused while the person holds an open coupon",
    tag: 'privacy',
    params: idParamsSchema,
    reply: personErasedReplySchema,
  }),
};
