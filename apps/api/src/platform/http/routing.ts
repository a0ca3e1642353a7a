/**
 * Binds the contract's route table to handlers. Every route is registered through here, so every
 * route gets its permission guard, its zod validation of params, query and body, and its reply
 * shaped by the contract's schema (extra columns never leak). Handlers receive parsed input and
 * the actor; they never see raw requests unless they ask for them.
 */
import {
  API_BASE,
  MESSAGES,
  apiKeyMayCall,
  formatWholeNaira,
  hasPermission,
  type RouteBody,
  type RouteDefinition,
  type RouteParams,
  type RouteQuery,
  type RouteReply,
} from '@fleetfuel/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { readBearerToken } from '../auth/tokens.js';
import type { Actor, SessionResolver } from './actor.js';
import { readMultipart, type UploadedFile } from './uploads.js';
import { parseOrThrow, refuseUnstorableText } from './validation.js';
import { appErrorReply } from './error-handler.js';
import { requestFingerprint, type IdempotencyStore } from './idempotency.js';

interface HandlerContext<R extends RouteDefinition> {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  /** Null only on public routes called without a token. */
  actor: R['permission'] extends 'public' ? Actor | null : Actor;
  request: FastifyRequest;
  reply: FastifyReply;
  client: { ip: string; userAgent: string | null };
  /** Files of a multipart body, by field name; empty for JSON bodies. */
  files: Record<string, UploadedFile>;
  /** The caller's Idempotency-Key header (trimmed), or null when none was sent. */
  idempotencyKey: string | null;
}

type RouteHandler<R extends RouteDefinition> = (context: HandlerContext<R>) => Promise<RouteReply<R>>;

export interface RouteBinder {
  bind<R extends RouteDefinition>(route: R, handler: RouteHandler<R>): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

function clientOf(request: FastifyRequest): { ip: string; userAgent: string | null } {
  const userAgent = request.headers['user-agent'];
  // Stored with the session: NUL characters (which PostgreSQL text cannot hold) are dropped.
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent.replaceAll('\u0000', '').slice(0, 500) : null };
}

/** The Idempotency-Key header, trimmed; null when it is missing or blank. */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  return typeof header === 'string' && header.trim() ? header.trim() : null;
}

/** The configured ceilings on naira in a request body (see the contract's `moneyFields`). */
type MoneyLimits = Config['limits'];

function refuseMoneyAboveLimits(route: RouteDefinition, body: unknown, limits: MoneyLimits): void {
  if (!route.moneyFields || !body || typeof body !== 'object') return;
  for (const [field, kind] of Object.entries(route.moneyFields)) {
    const value = (body as Record<string, unknown>)[field];
    const max = kind === 'pricePerUnit' ? limits.maxPricePerUnitNaira : limits.maxAmountNaira;
    if (typeof value === 'number' && value > max) {
      throw new AppError('VALIDATION_FAILED', `${field}: Must be at most ${formatWholeNaira(max)}`, { field });
    }
  }
}

export function createRouteBinder(
  app: FastifyInstance,
  resolveSession: SessionResolver,
  idempotency: IdempotencyStore,
  limits: MoneyLimits,
): RouteBinder {
  app.decorateRequest('actor', null);

  async function authenticate(request: FastifyRequest, route: RouteDefinition): Promise<void> {
    const token = readBearerToken(request.headers.authorization);
    if (token === undefined) {
      if (route.permission !== 'public') {
        throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
      }
      return;
    }
    const actor = token ? await resolveSession(token, clientOf(request)) : null;
    if (!actor) throw new AppError('INVALID_TOKEN', MESSAGES.invalidToken);
    if (!hasPermission(actor.role, route.permission)) {
      throw new AppError('FORBIDDEN', 'You do not have permission to do this');
    }
    if (actor.apiKey && !apiKeyMayCall(actor.apiKey.scope, route)) {
      throw new AppError('FORBIDDEN', "This API key's scope does not allow this call");
    }
    request.actor = { ...actor, ipAddress: request.ip };
  }

  /** Multipart bodies are validated here, after their parts are read; JSON bodies by fastify. */
  async function readBody(request: FastifyRequest, route: RouteDefinition) {
    if (route.bodyType !== 'multipart' || !route.body) return { body: request.body, files: {} };
    if (!request.isMultipart()) return { body: parseOrThrow(route.body, request.body ?? {}, 'body'), files: {} };
    const { fields, files } = await readMultipart(request, route.files ?? {});
    return { body: parseOrThrow(route.body, fields, 'body'), files };
  }

  /**
   * Runs a money-moving handler under the caller's Idempotency-Key, when one is sent: a retry
   * replays the first reply (errors included, server errors excepted) instead of running again.
   */
  async function runIdempotent(
    request: FastifyRequest,
    reply: FastifyReply,
    route: RouteDefinition,
    body: unknown,
    run: () => Promise<unknown>,
  ) {
    const key = idempotencyKeyOf(request);
    if (!route.idempotent || !key || !request.actor) return run();
    const userId = request.actor.userId;
    const start = await idempotency.begin(
      userId,
      key,
      `${route.method} ${route.path}`,
      requestFingerprint(route.method, request.url, body),
    );
    if (start.kind === 'replay') {
      void reply.header('idempotent-replayed', 'true');
      return reply.status(start.statusCode).send(start.body);
    }
    try {
      const result = await run();
      await idempotency.finish(userId, key, 200, result);
      return result;
    } catch (error) {
      if (error instanceof AppError && appErrorReply(error).statusCode < 500) {
        const { statusCode, body: errorBody } = appErrorReply(error);
        await idempotency.finish(userId, key, statusCode, errorBody);
      } else {
        await idempotency.abandon(userId, key);
      }
      throw error;
    }
  }

  return {
    bind(route, handler) {
      const jsonBody = route.body && route.bodyType !== 'multipart' && !route.rawBody;
      const options: RouteOptions = {
        method: route.method,
        url: `${API_BASE}${route.path}`,
        schema: {
          summary: route.summary,
          tags: [route.tag],
          ...(route.permission === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
          ...(route.params ? { params: route.params } : {}),
          ...(route.query ? { querystring: route.query } : {}),
          ...(jsonBody ? { body: route.body } : {}),
          ...(route.replyType === 'file' || route.replyType === 'html' || route.replyType === 'text'
            ? {}
            : { response: { 200: route.reply } }),
        },
        config: { contractRoute: route },
        // Before the body is parsed or validated: an unauthenticated caller learns nothing about the input rules.
        onRequest: async (request) => authenticate(request, route),
        preValidation: (request, _reply, done) => {
          try {
            // The multipart parser leaves the body empty; on a JSON route that must not pass for `{}`.
            if (jsonBody && request.isMultipart()) {
              throw new AppError(
                'UNSUPPORTED_MEDIA_TYPE',
                'This call takes a JSON body (Content-Type: application/json), not a multipart form',
              );
            }
            // A call sent with no body is a call with an empty one: `{}` then passes or fails the route's
            // schema on its own terms (an optional body passes, a required field is named as missing).
            if (jsonBody && request.body === undefined) request.body = {};
            refuseUnstorableText(request.params, 'params');
            refuseUnstorableText(request.query, 'query');
            if (!route.rawBody) refuseUnstorableText(request.body, 'body');
            done();
          } catch (error) {
            done(error as AppError);
          }
        },
        handler: async (request, reply) => {
          const { body, files } = await readBody(request, route);
          refuseMoneyAboveLimits(route, body, limits);
          return runIdempotent(request, reply, route, body, () =>
            handler({
              params: request.params as never,
              query: request.query as never,
              body: body as never,
              actor: request.actor as never,
              request,
              reply,
              client: clientOf(request),
              files,
              idempotencyKey: idempotencyKeyOf(request),
            }),
          );
        },
      };
      if (!route.rawBody) {
        app.route(options);
        return;
      }
      // Signed webhooks need the exact bytes that were signed, so this route alone keeps the raw body.
      void app.register((scope, _options, done) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, payload, parsed) => parsed(null, payload));
        scope.route(options);
        done();
      });
    },
  };
}
