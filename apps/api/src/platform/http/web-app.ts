/**
 * Serves the built web app at `/`. Its files are precompressed at build time (`.br` and `.gz` beside
 * each large text file, see apps/web/build-plugins/precompress.ts): the server picks the smallest
 * one the browser accepts and compresses nothing per request.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_BASE } from '@fleetfuel/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Vite names every file under assets/ after a hash of its content: a new build means a new name. */
const HASHED_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/**
 * index.html (and whatever else keeps its name from build to build) may be stored but must be
 * revalidated on each use, or a browser would run an old index.html against deleted chunks.
 */
const UNHASHED_FILE_CACHE_CONTROL = 'no-cache';

export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const root = path.resolve(distDir);
  const hashedAssets = `${path.join(root, 'assets')}${path.sep}`;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: 'index.html',
    preCompressed: true,
    cacheControl: false,
    // `file` is the file actually sent, so `app.js.br` for `/assets/app.js`: its folder decides.
    setHeaders: (reply, file) => {
      void reply.header('cache-control', file.startsWith(hashedAssets) ? HASHED_ASSET_CACHE_CONTROL : UNHASHED_FILE_CACHE_CONTROL);
    },
  });
}

/** A page address of the web app (no /api prefix, no file extension) is answered with index.html. */
export function serveIndexForClientRoutes(request: FastifyRequest, reply: FastifyReply): FastifyReply | null {
  const url = request.url.split('?')[0] ?? '';
  if (request.method !== 'GET' || url.startsWith(`${API_BASE}/`) || path.extname(url)) return null;
  return reply.type('text/html').sendFile('index.html');
}

/**
 * Content-Security-Policy sources for the inline scripts of the built index.html (those that choose
 * and draw its first screen before the app has run, in its head and after its markup, see
 * apps/web/src/prerender): each by the SHA-256 of its text, so that no other inline script runs.
 * Read once at start: a new build means a restarted server.
 */
export function inlineScriptSources(distDir: string): string[] {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return [];
  const html = readFileSync(indexFile, 'utf8');
  // Vite writes the app's own scripts with a src attribute; only those without one are inline.
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, text]) =>
      `'sha256-${createHash('sha256')
        .update(text ?? '', 'utf8')
        .digest('base64')}'`,
  );
}
