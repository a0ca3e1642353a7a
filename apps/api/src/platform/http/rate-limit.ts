/**
 * A general request rate limit on the API: so many calls per client address, and per signed-in
 * session, in each fixed window. The counts live in Redis when `REDIS_URL` is set, so that every
 * instance behind the load balancer counts the same client together; otherwise in this process.
 * A refused call gets 429 RATE_LIMITED with Retry-After. (Sign-in failures have their own,
 * stricter throttle in the auth module.)
 */
import { createHash } from 'node:crypto';
import { API_BASE } from '@fleetfuel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';

export interface RateLimitStore {
  /** Counts one call against `key` and returns the calls so far in its window and the time left in it. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  close(): Promise<void>;
}

/** Counts in this process: right for one instance (the embedded install), wrong for several. */
export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let nextSweepAt = 0;
  return {
    hit(key, windowMs) {
      const at = now();
      // Forget finished windows now and then, so that one-off addresses do not pile up.
      if (at >= nextSweepAt) {
        for (const [k, w] of windows) if (w.endsAt <= at) windows.delete(k);
        nextSweepAt = at + windowMs;
      }
      let current = windows.get(key);
      if (!current || current.endsAt <= at) {
        current = { count: 0, endsAt: at + windowMs };
        windows.set(key, current);
      }
      current.count += 1;
      return Promise.resolve({ count: current.count, resetInMs: current.endsAt - at });
    },
    close: () => Promise.resolve(),
  };
}

/**
 * INCR and the window's expiry in one atomic step: a key is never left counting without an
 * expiry, whichever instance calls first.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

/** Counts in Redis, shared by every instance given the same URL and key prefix. */
export function createRedisRateLimitStore(url: string, keyPrefix: string): RateLimitStore {
  const redis = new Redis(url, {
    keyPrefix,
    // A Redis that is down must not hold API calls in a queue: the call fails fast and is let through.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
  });
  // Connection errors are reported by the failing calls; without a listener ioredis prints each one.
  redis.on('error', () => undefined);
  return {
    async hit(key, windowMs) {
      const [count, resetInMs] = (await redis.eval(HIT_SCRIPT, 1, key, String(windowMs))) as [number, number];
      return { count, resetInMs };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** The bearer token's session, hashed: the key must not hold a usable token. */
function sessionKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ') || header.length <= 'Bearer '.length) return null;
  return `session:${createHash('sha256').update(header.slice('Bearer '.length)).digest('base64url')}`;
}

/**
 * Never limited: load balancers and container checks poll the health route, and a refused payment
 * webhook (signed by the provider, which sends many from few addresses) would only delay a credit.
 */
const UNLIMITED_PATHS: ReadonlySet<string> = new Set([`${API_BASE}/health`, `${API_BASE}/payments/webhook`]);

/**
 * Counts every API call against its address (trusting X-Forwarded-For only with TRUST_PROXY) and,
 * when it carries a bearer token, against that session as well: a random token cannot escape the
 * address's limit, and one busy user does not use up an office's shared address.
 */
export function installRateLimit(app: FastifyInstance, settings: Config['rateLimit'], store?: RateLimitStore): void {
  if (settings.perAddress === 0 && settings.perSession === 0) return;
  const counts =
    store ?? (settings.redisUrl ? createRedisRateLimitStore(settings.redisUrl, settings.keyPrefix) : createMemoryRateLimitStore());
  const windowMs = settings.windowSeconds * 1000;

  async function refuseOverLimit(key: string, limit: number, who: string): Promise<void> {
    if (limit === 0) return;
    const { count, resetInMs } = await counts.hit(key, windowMs);
    if (count <= limit) return;
    const retryAfterSeconds = Math.max(1, Math.ceil(resetInMs / 1000));
    throw new AppError('RATE_LIMITED', `Too many requests ${who}. Please wait ${retryAfterSeconds} s and try again.`, {
      retryAfterSeconds,
    });
  }

  app.addHook('onRequest', async (request) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (!pathname.startsWith(`${API_BASE}/`) || UNLIMITED_PATHS.has(pathname)) return;
    try {
      await refuseOverLimit(`address:${request.ip}`, settings.perAddress, 'from this address');
      const session = sessionKey(request);
      if (session) await refuseOverLimit(session, settings.perSession, 'for this sign-in');
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The shared store is unreachable: serving without a limit beats refusing every call.
      request.log.warn({ err: error }, 'rate limit store unavailable; request let through');
    }
  });
  app.addHook('onClose', () => counts.close());
}
