import { route } from './route.js';
import { idParamsSchema } from '../common.js';
import { flagListQuerySchema, flagListReplySchema, flagReviewBodySchema, flagReviewReplySchema } from '../flags.schemas.js';

export const flagRoutes = {
  list: route({
    method: 'GET',
    path: '/flags',
    permission: 'flags.read',
    summary: "The review queue: the organization's anomaly flags with their request, vehicle, driver and station, newest first",
    tag: 'flags',
    query: flagListQuerySchema,
    reply: flagListReplySchema,
  }),
  review: route({
    method: 'PATCH',
    path: '/flags/:id',
    permission: 'flags.review',
    summary: 'Judge a flag legitimate, suspected or confirmed fraud, with a note and any naira recovered',
    tag: 'flags',
    params: idParamsSchema,
    body: flagReviewBodySchema,
    reply: flagReviewReplySchema,
  }),
};
