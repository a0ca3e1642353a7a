/**
 * A general request rate limit on the API: so many calls per client address, and per signed-in
 * session, in each fixed window, counted by `@fastify/rate-limit`: in Redis when `REDIS_URL` is set
 * (its store, so that every instance behind the load balancer counts the same client together),
 * otherwise in this process. A refused call gets 429 RATE_LIMITED with Retry-After. (Sign-in
 * failures have their own, stricter throttle in the auth module.)
 */
import { createHash } from 'node:crypto';
import { API_BASE } from '@fleetfuel/contract';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';

/** The bearer token's session, hashed: the key must not hold a usable token. */
function sessionKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ') || header.length <= 'Bearer '.length) return null;
  return `session:${createHash('sha256').update(header.slice('Bearer '.length)).digest('base64url')}`;
}

/**
 * Never limited: load balancers and container checks poll the health route, a refused payment
 * webhook (signed by the provider, which sends many from few addresses) would only delay a credit,
 * and the USSD gateway calls for every driver from a few addresses (the USSD module counts its
 * callbacks per phone number and per session instead).
 */
const UNLIMITED_PATHS: ReadonlySet<string> = new Set([`${API_BASE}/health`, `${API_BASE}/payments/webhook`, `${API_BASE}/ussd`]);

/** The shared counts' connection. A Redis that is down must not hold API calls in a queue: the call fails fast and is let through. */
function redisFor(url: string): Redis {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2_000 });
  // Connection errors are reported by the failing calls; without a listener ioredis prints each one.
  redis.on('error', () => undefined);
  return redis;
}

/**
 * Counts every API call against its address (trusting X-Forwarded-For only with TRUST_PROXY) and,
 * when it carries a bearer token, against that session as well: a random token cannot escape the
 * address's limit, and one busy user does not use up an office's shared address.
 */
export async function installRateLimit(app: FastifyInstance, settings: Config['rateLimit']): Promise<void> {
  if (settings.perAddress === 0 && settings.perSession === 0) return;
  const redis = settings.redisUrl ? redisFor(settings.redisUrl) : null;
  await app.register(fastifyRateLimit, {
    global: false,
    timeWindow: settings.windowSeconds * 1000,
    // Store errors reach the hook below, which logs them and lets the call through.
    skipOnError: false,
    ...(redis ? { redis, nameSpace: settings.keyPrefix } : {}),
  });
  if (redis)
    app.addHook('onClose', () =>
      redis.quit().then(
        () => undefined,
        () => redis.disconnect(),
      ),
    );

  const limits = [
    { max: settings.perAddress, who: 'from this address', key: (request: FastifyRequest) => `address:${request.ip}` },
    { max: settings.perSession, who: 'for this sign-in', key: sessionKey },
  ]
    .filter((limit) => limit.max > 0)
    .map((limit) => ({
      who: limit.who,
      key: limit.key,
      count: app.createRateLimit({
        max: limit.max,
        keyGenerator: (request) => limit.key(request) ?? '',
        // A call without a session is counted by its address only.
        allowList: (request) => limit.key(request) === null,
      }),
    }));

  app.addHook('onRequest', async (request) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (!pathname.startsWith(`${API_BASE}/`) || UNLIMITED_PATHS.has(pathname)) return;
    for (const limit of limits) {
      let counted: Awaited<ReturnType<typeof limit.count>>;
      try {
        counted = await limit.count(request);
      } catch (error) {
        // The shared store is unreachable: serving without a limit beats refusing every call.
        request.log.warn({ err: error }, 'rate limit store unavailable; request let through');
        return;
      }
      if (counted.isAllowed || !counted.isExceeded) continue;
      const retryAfterSeconds = Math.max(1, counted.ttlInSeconds);
      throw new AppError('RATE_LIMITED', `Too many requests ${limit.who}. Please wait ${retryAfterSeconds} s and try again.`, {
        retryAfterSeconds,
      });
    }
  });
}
