/**
 * Binds the contract's route table to handlers. Every route is registered through here, so every
 * route gets its permission guard, its zod validation of params, query and body, and its reply
 * shaped by the contract's schema (extra columns never leak). Handlers receive parsed input and
 * the actor; they never see raw requests unless they ask for them.
 */
import {
  API_BASE,
  MESSAGES,
  hasPermission,
  type RouteBody,
  type RouteDefinition,
  type RouteParams,
  type RouteQuery,
  type RouteReply,
} from '@fleetfuel/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { readBearerToken } from '../auth/tokens.js';
import type { Actor, SessionResolver } from './actor.js';
import { readMultipart, type UploadedFile } from './uploads.js';
import { parseOrThrow } from './validation.js';

export interface HandlerContext<R extends RouteDefinition> {
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
}

export type RouteHandler<R extends RouteDefinition> = (context: HandlerContext<R>) => Promise<RouteReply<R>>;

export interface RouteBinder {
  bind<R extends RouteDefinition>(route: R, handler: RouteHandler<R>): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export function clientOf(request: FastifyRequest): { ip: string; userAgent: string | null } {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null };
}

export function createRouteBinder(app: FastifyInstance, resolveSession: SessionResolver): RouteBinder {
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
    request.actor = actor;
  }

  /** Multipart bodies are validated here, after their parts are read; JSON bodies by fastify. */
  async function readBody(request: FastifyRequest, route: RouteDefinition) {
    if (route.bodyType !== 'multipart' || !route.body) return { body: request.body, files: {} };
    if (!request.isMultipart()) return { body: parseOrThrow(route.body, request.body ?? {}, 'body'), files: {} };
    const { fields, files } = await readMultipart(request, route.files ?? {});
    return { body: parseOrThrow(route.body, fields, 'body'), files };
  }

  return {
    bind(route, handler) {
      const jsonBody = route.body && route.bodyType !== 'multipart';
      app.route({
        method: route.method,
        url: `${API_BASE}${route.path}`,
        schema: {
          summary: route.summary,
          tags: [route.tag],
          ...(route.permission === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
          ...(route.params ? { params: route.params } : {}),
          ...(route.query ? { querystring: route.query } : {}),
          ...(jsonBody ? { body: route.body } : {}),
          ...(route.replyType === 'file' ? {} : { response: { 200: route.reply } }),
        },
        config: { contractRoute: route },
        // Before the body is parsed or validated: an unauthenticated caller learns nothing about the input rules.
        onRequest: async (request) => authenticate(request, route),
        handler: async (request, reply) => {
          const { body, files } = await readBody(request, route);
          return handler({
            params: request.params as never,
            query: request.query as never,
            body: body as never,
            actor: request.actor as never,
            request,
            reply,
            client: clientOf(request),
            files,
          });
        },
      });
    },
  };
}
