/** The logger type services take: pino's, as Fastify creates it per app. */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export type { FastifyBaseLogger as Logger } from 'fastify';

/** A URL as logs may keep it: a gateway's shared secret in its query (the USSD callback's `secret`) is blanked. */
export function loggableUrl(url: string): string {
  return url.replace(/([?&]secret=)[^&#]*/gi, '$1[redacted]');
}

/** Fastify's own request serializer, with the URL made loggable. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * For a terminal (LOG_FORMAT=pretty): one readable line per request, "GET /api/auth/me 401 1 ms",
 * instead of Fastify's "incoming request" and "request completed" objects, so the banner with the
 * demo sign-ins stays findable. Errors are logged as Fastify logs them.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    request.log.info(`${request.method} ${loggableUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
  }
}
