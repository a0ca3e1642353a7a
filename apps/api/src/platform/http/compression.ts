/**
 * Compresses API replies on the fly (a page of 100 fuel requests is ~107 kB of JSON, ~10 kB as
 * brotli). The web app's files are left out: they are precompressed at build time at a quality too
 * slow to run per request, and `web-app.ts` serves those files as they are.
 */
import fastifyCompress from '@fastify/compress';
import { API_BASE } from '@fleetfuel/contract';
import type { FastifyInstance } from 'fastify';

/** Below ~1 kB the saving is smaller than the cost of compressing (and of a chunked reply). */
const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Must run before any API route is added: the plugin attaches itself to each route as it is added. */
export async function installApiCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_BASE}/`)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Request bodies stay as sent: the app's clients send plain JSON and multipart, and inflating
    // bodies would only add a way in (a small gzip body that unpacks to gigabytes).
    globalDecompression: false,
  });
}
