import { z } from 'zod';
import { route, storedFileReply } from './route.js';

export const fileRoutes = {
  get: route({
    method: 'GET',
    path: '/files/:key',
    permission: 'public',
    summary: 'A stored file, by signed link or for a caller who may see its record',
    tag: 'files',
    params: z.strictObject({ key: z.string().min(1).max(200) }),
    query: z.strictObject({ exp: z.string().optional(), sig: z.string().optional() }),
    reply: storedFileReply,
    replyType: 'file',
  }),
};
