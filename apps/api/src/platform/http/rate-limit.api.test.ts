/**
 * The general API rate limit: per client address and per signed-in session, answered 429
 * RATE_LIMITED with Retry-After; counted in this process, or in Redis (127.0.0.1:6379) where two
 * instances share one count. Each test uses a key prefix of its own in Redis.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { installErrorHandling } from './error-handler.js';
import { installRateLimit } from './rate-limit.js';
import { createTestApps, type TestApp } from '../../../test/harness.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Two instances over one database, like two servers behind a load balancer. */
let inProcess: [TestApp, TestApp];
let throughRedis: [TestApp, TestApp];

const limits = (redisUrl: string | null): Config['rateLimit'] => ({
  perAddress: 3,
  perSession: 2,
  windowSeconds: 60,
  redisUrl,
  keyPrefix: `test:${randomUUID()}:`,
});

beforeAll(async () => {
  inProcess = (await createTestApps(2, { rateLimit: limits(null) })) as [TestApp, TestApp];
  throughRedis = (await createTestApps(2, { rateLimit: limits(REDIS_URL) })) as [TestApp, TestApp];
});
afterAll(async () => {
  for (const app of [...inProcess, ...throughRedis]) await app.close();
});

/** `GET /api/auth/me` from one address: cheap, and answered whether signed in or not. */
function me(app: TestApp, address: string, token?: string) {
  return app.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    remoteAddress: address,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function statuses(calls: Array<() => Promise<{ statusCode: number }>>): Promise<number[]> {
  const codes: number[] = [];
  for (const call of calls) codes.push((await call()).statusCode);
  return codes;
}

describe('API rate limit', () => {
  it('refuses an address past its limit with 429 RATE_LIMITED and Retry-After; other addresses, health and webhooks go on', async () => {
    const [app] = inProcess;
    expect(await statuses(Array.from({ length: 3 }, () => () => me(app, '203.0.113.7')))).toEqual([401, 401, 401]);
    const refused = await me(app, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: expect.stringMatching(/Too many requests from this address/) as string,
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await me(app, '203.0.113.8')).statusCode).toBe(401);
    const health = await app.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.7' });
    expect(health.statusCode).toBe(200);
    // A payment provider's webhook is signed and refused on its own merits, never for the rate.
    const webhook = await app.app.inject({ method: 'POST', url: '/api/payments/webhook', remoteAddress: '203.0.113.7', payload: {} });
    expect(webhook.statusCode).not.toBe(429);
  });

  it('limits each signed-in session on its own, whatever address it calls from', async () => {
    const [app] = inProcess;
    const busy = await app.login('orgadmin@acme.test');
    const other = await app.login('driver@acme.test');
    expect(await statuses([() => me(app, '198.51.100.1', busy), () => me(app, '198.51.100.2', busy)])).toEqual([200, 200]);
    const refused = await me(app, '198.51.100.3', busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', error: expect.stringMatching(/for this sign-in/) as string });
    expect((await me(app, '198.51.100.1', other)).statusCode).toBe(200);
  });

  it('counts in each process without Redis: two instances each allow the full limit', async () => {
    const [a, b] = inProcess;
    const calls = [a, b, a, b, a, b].map((app) => () => me(app, '192.0.2.10'));
    expect(await statuses(calls)).toEqual([401, 401, 401, 401, 401, 401]);
    expect((await me(a, '192.0.2.10')).statusCode).toBe(429);
  });

  it('shares one count between two instances through Redis', async () => {
    const [a, b] = throughRedis;
    const calls = [a, b, a, b, a].map((app) => () => me(app, '192.0.2.20'));
    expect(await statuses(calls)).toEqual([401, 401, 401, 429, 429]);
    const refused = await me(b, '192.0.2.20');
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await me(b, '192.0.2.21')).statusCode).toBe(401);
  });

  it('lets calls through when Redis cannot be reached, rather than refusing everyone', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    await installRateLimit(app, { ...limits('redis://127.0.0.1:1'), perAddress: 1 });
    app.get('/api/ping', () => ({ ok: true }));
    try {
      const calls = [1, 2, 3].map(() => () => app.inject({ method: 'GET', url: '/api/ping' }));
      expect(await statuses(calls)).toEqual([200, 200, 200]);
    } finally {
      await app.close();
    }
  });
});
