/**
 * How the app reaches browsers: the web app's precompressed files with long-lived caching for
 * hashed assets, and API replies compressed on the fly, without breaking downloads or headers.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { REPORT_PAGES_HEADER } from '@fleetfuel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-world.js';

const SCRIPT = `export const fleet = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `vehicle ${i}`))};\n`;
/** The inline script stands for the one that hides the prerendered sign-in screen (apps/web/src/prerender). */
const INLINE_SCRIPT = "document.getElementById('prerendered-sign-in').remove()";
const INDEX = `<!doctype html><title>FleetFuel</title><script type="module" src="/assets/index-Ab12Cd.js"></script><div id="root"></div><script>${INLINE_SCRIPT}</script><!--${'x'.repeat(2000)}-->`;
/** A text file that keeps its name across builds and was not precompressed (as a build might leave one). */
const ROBOTS = `User-agent: *\n${'Disallow: /api/\n'.repeat(200)}`;

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'fleetfuel-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  for (const [file, content] of [
    ['index.html', INDEX],
    ['assets/index-Ab12Cd.js', SCRIPT],
  ] as const) {
    writeFileSync(path.join(dist, file), content);
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(content));
  }
  writeFileSync(path.join(dist, 'robots.txt'), ROBOTS);
});
// Registered before the app's: hooks after run in reverse, so the app closes first, then the folder goes.
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const world = useTestApp({ config: () => ({ webDistDir: dist }) });

function get(url: string, acceptEncoding?: string, token?: string): Promise<LightMyRequestResponse> {
  return world.t.call('GET', url, {
    token: token ?? null,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
}

/** The body as the browser sees it once it has undone the content encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString();
}

function expectLengthMatchesBody(res: LightMyRequestResponse): void {
  expect(res.headers['content-length'], 'content-length').toMatch(/^\d+$/);
  expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
}

describe('the web app files', () => {
  it('a hashed asset comes as brotli, else gzip, else plain, each immutable for a year', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      [undefined, undefined],
      ['identity', undefined],
    ] as const) {
      const res = await get('/assets/index-Ab12Cd.js', accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toMatch(/^(application|text)\/javascript/);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary, accept).toContain('accept-encoding');
      expect(decoded(res), accept).toBe(SCRIPT);
      expectLengthMatchesBody(res);
    }
  });

  it('index.html and the page addresses it answers are no-cache, precompressed as well', async () => {
    for (const page of ['/', '/index.html', '/clients/details', '/reset-password?token=abc']) {
      const res = await get(page, 'br, gzip');
      expect(res.statusCode, page).toBe(200);
      expect(res.headers['content-type'], page).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], page).toBe('br');
      expect(res.headers['cache-control'], page).toBe('no-cache');
      expect(res.headers.vary, page).toContain('accept-encoding');
      expect(decoded(res), page).toBe(INDEX);
      // The security headers stay on the page itself.
      expect(res.headers['content-security-policy'], page).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options'], page).toBe('nosniff');
    }
    const plain = await get('/clients/details');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX);
  });

  it("allows index.html's own inline script by its hash, and no other inline script", async () => {
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    const policy = String((await get('/')).headers['content-security-policy']);
    const scriptSources = /(?:^|;)script-src ([^;]*)/.exec(policy)?.[1]?.split(' ');
    expect(scriptSources).toEqual(["'self'", "'wasm-unsafe-eval'", `'sha256-${hash}'`]);
  });

  it('a file without precompressed copies is sent as it is, not compressed per request, and revalidated', async () => {
    const res = await get('/robots.txt', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(ROBOTS)));
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(ROBOTS);
  });

  it('a missing asset is still a 404 in the error shape, whatever the browser accepts', async () => {
    const res = await get('/assets/missing-Zz99.js', 'br, gzip');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('API replies', () => {
  it('a large JSON reply is compressed as the browser asks, and decodes to the same JSON', async () => {
    const token = await world.t.login('orgadmin@acme.test');
    const plain = await get('/api/vehicles?pageSize=100', undefined, token);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await get('/api/vehicles?pageSize=100', `${encoding}, deflate`, token);
      expect(res.statusCode, encoding).toBe(200);
      expect(res.headers['content-encoding'], encoding).toBe(encoding);
      expect(res.headers.vary, encoding).toContain('accept-encoding');
      expect(res.headers['content-type'], encoding).toMatch(/^application\/json/);
      expect(res.rawPayload.length, encoding).toBeLessThan(plain.rawPayload.length / 2);
      expectLengthMatchesBody(res);
      expect(JSON.parse(decoded(res)), encoding).toEqual(plain.json());
      // Compression keeps the signed-in reply out of caches and keeps the security headers.
      expect(res.headers['cache-control'], encoding).toBe('no-store');
      expect(res.headers['content-security-policy'], encoding).toBeDefined();
      expect(res.headers['x-request-id'], encoding).toBeTruthy();
    }
  });

  it('a small reply is not worth compressing and is sent as it is', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
    expectLengthMatchesBody(res);
  });

  it('a PDF download is sent as it is, streamed with its page count announced instead of a length', async () => {
    const token = await world.t.login('orgadmin@acme.test');
    const res = await get('/api/reports/x/insurance-status', 'br, gzip', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Written while it is sent (docs/decisions/009-streamed-reports.md): no length is known up front.
    expect(res.headers['content-length']).toBeUndefined();
    expect(Number(res.headers[REPORT_PAGES_HEADER])).toBeGreaterThan(0);
    expect(res.rawPayload.subarray(-16).toString()).toContain('%%EOF');
  });

  it('a request body sent gzip-encoded is not inflated', async () => {
    const res = await world.t.call('POST', '/api/auth/login', {
      body: gzipSync(JSON.stringify({ username: 'orgadmin@acme.test', password: 'whatever' })),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });
});
