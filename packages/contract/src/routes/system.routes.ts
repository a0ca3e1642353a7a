import { z } from 'zod';
import { route } from './route.js';

export const systemRoutes = {
  health: route({
    method: 'GET',
    path: '/health',
    permission: 'public',
    summary: 'Liveness and database reachability, for load balancers and start-up checks',
    tag: 'system',
    reply: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
  }),
};
