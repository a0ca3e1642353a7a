/**
 * The one place errors become replies: `{error, message, code}` with the status of the code.
 * Client mistakes get a 4xx that says what is wrong (naming the field); anything unexpected is
 * logged with the request id and answered with a 500 that hides the internals.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@fleetfuel/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/postgres-hosts.js';
import { isChangedResultType } from '../db/prepared-statements.js';
import { AppError } from '../errors.js';
import { validationError } from './validation.js';

/** Retry-After for a statement PostgreSQL cancelled: an overload takes longer than a queue to clear. */
const STATEMENT_TIMEOUT_RETRY_AFTER_SECONDS = 5;
/** A failover promotes the standby in seconds (docs/operations.md); a restart takes about as long. */
const DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

function body(code: ErrorCode, error: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { error, message: extra.message ?? error, code, ...extra };
}

/** Fastify's own 4xx errors, reworded for people. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; text: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', text: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', text: 'The request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', text: 'The request is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', text: 'This content type is not supported here' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', text: 'The request length is wrong' },
  FST_REQ_FILE_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', text: 'The file is larger than 10MB' },
  FST_FILES_LIMIT: { code: 'PAYLOAD_TOO_LARGE', text: 'Too many files in one request' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', text: 'The request is not multipart' },
};

/** How long a refused client may go on sending what it had started before its socket is closed. */
const REFUSED_CLIENT_LINGER_MS = 5_000;

/**
 * Replies to requests Node's HTTP parser refuses before fastify sees them (headers too large, a
 * malformed request line, a client too slow), in the same error shape as every other reply.
 * Passed to Fastify as `clientErrorHandler`.
 *
 * The reply is followed by the end of the server's side, not by closing the socket at once: the
 * client is usually still sending (64 kB of headers, say), and a socket closed with unread data
 * resets the connection, which can make the client drop the reply it was sent (seen on Node 24:
 * ECONNRESET instead of the 431). What still arrives is read and dropped, for a few seconds at most.
 */
export function replyToClientError(error: Error & { code?: string }, socket: Socket): void {
  // An ended socket has had its reply: the parser may report the same request again as more arrives.
  if (error.code === 'ECONNRESET' || socket.destroyed || socket.writableEnded) return;
  const [status, errorBody]: [number, ErrorBody] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, body('HEADERS_TOO_LARGE', 'The request headers are too large')]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, body('BAD_REQUEST', 'The request took too long to arrive')]
        : [400, body('BAD_REQUEST', 'The request is malformed')];
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const payload = JSON.stringify(errorBody);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${payload}`,
  );
  socket.resume();
  socket.setTimeout(REFUSED_CLIENT_LINGER_MS, () => socket.destroy());
}

/** The reply an AppError becomes: its status and the error body. */
export function appErrorReply(error: AppError): { statusCode: number; body: ErrorBody } {
  return {
    statusCode: ERROR_STATUS[error.code],
    body: body(error.code, error.message, {
      ...(error.details.detail ? { message: error.details.detail } : {}),
      ...(error.details.field ? { field: error.details.field } : {}),
      ...(error.details.rule ? { rule: error.details.rule } : {}),
      ...(error.details.overrideId ? { overrideId: error.details.overrideId } : {}),
    }),
  };
}

/**
 * Installs the error handler and the not-found handler. `fallback` may answer a request that
 * matched no route (the web app's client-side routes) before it becomes a 404.
 */
export function installErrorHandling(
  app: FastifyInstance,
  fallback?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    void reply.header('x-request-id', request.id);

    if (error instanceof AppError) {
      const { statusCode, body: errorBody } = appErrorReply(error);
      if (error.details.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.details.retryAfterSeconds));
      return reply.status(statusCode).send(errorBody);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'request');
      const failure = validationError(
        first && {
          path: first.instancePath.split('/').filter(Boolean),
          message: first.message ?? 'is invalid',
          code: first.keyword,
          keys: (first.params as { keys?: string[] }).keys ?? [],
        },
        where,
      );
      return reply
        .status(400)
        .send(body('VALIDATION_FAILED', failure.message, failure.details.field ? { field: failure.details.field } : {}));
    }

    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(ERROR_STATUS[known.code]).send(body(known.code, known.text));

    // Two transactions that waited on each other: PostgreSQL rolled this one back whole, so the
    // caller may simply send it again.
    if (error.code === '40P01' || error.code === '40001') {
      request.log.warn({ err: error, requestId: request.id }, 'transaction rolled back by a concurrent one');
      return reply
        .status(409)
        .send(body('CONFLICT', 'Another change to the same records happened at the same moment. Nothing was changed: please try again.'));
    }
    // PostgreSQL cancelled a statement that ran past statement_timeout: the database is overloaded
    // or the query is too heavy right now; its transaction was rolled back.
    if (error.code === '57014') {
      request.log.warn({ err: error, requestId: request.id }, 'statement cancelled by statement_timeout');
      void reply.header('retry-after', String(STATEMENT_TIMEOUT_RETRY_AFTER_SECONDS));
      return reply
        .status(503)
        .send(body('SERVICE_UNAVAILABLE', 'The database took too long to answer this request. Please try again in a moment.'));
    }
    // The database restarted or is failing over: the pool finds the new primary on the next call.
    // A write whose connection broke may or may not have committed; an Idempotency-Key settles that.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error, requestId: request.id }, 'database unavailable');
      void reply.header('retry-after', String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS));
      return reply
        .status(503)
        .send(
          body('SERVICE_UNAVAILABLE', 'The database could not be reached just now (a restart or failover). Please try again in a moment.'),
        );
    }
    // A migration changed a table under one of the connection's prepared statements (another
    // instance's rollout); the connection prepares its statements afresh from the next call on.
    if (isChangedResultType(error)) {
      request.log.warn({ err: error, requestId: request.id }, 'prepared statement outdated by a schema change');
      void reply.header('retry-after', '1');
      return reply.status(503).send(body('SERVICE_UNAVAILABLE', 'The server was being updated while answering. Please try again.'));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(body('RATE_LIMITED', 'Too many requests. Please wait and try again.'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
      return reply.status(error.statusCode).send(body('BAD_REQUEST', error.message));
    }

    request.log.error({ err: error, requestId: request.id }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', 'Something went wrong on our side. Please try again.', { requestId: request.id }));
  });

  app.setNotFoundHandler((request, reply) => {
    if (fallback?.(request, reply)) return;
    void reply.status(404).send(body('NOT_FOUND', `No such endpoint: ${request.method} ${request.url.split('?')[0]}`));
  });
}
