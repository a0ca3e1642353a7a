/**
 * What the OpenAPI document says beyond what fastify validates: the multipart bodies (validated by
 * the route binder after their parts are read, so fastify never sees their schema) and every error
 * reply an operation can give, each in the one `{error, message, code}` shape.
 */
import { errorBodySchema, MAX_UPLOAD_BYTES, type RouteDefinition } from '@fleetfuel/contract';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The input is invalid: the message names the field (VALIDATION_FAILED, BAD_REQUEST)',
  401: 'No token, or a token that is no longer valid (UNAUTHENTICATED, INVALID_TOKEN: error is exactly "Invalid token")',
  403: "The caller's role may not do this (FORBIDDEN, ACCOUNT_INACTIVE)",
  404: 'No such record in the caller’s scope; another tenant’s records answer the same (NOT_FOUND)',
  409: 'The record is not in a state that allows this, or has history (CONFLICT, IN_PROGRESS, HAS_HISTORY)',
  413: `The request or a file is too large (files at most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB) (PAYLOAD_TOO_LARGE)`,
  415: 'The content type is not accepted here (UNSUPPORTED_MEDIA_TYPE)',
  422: 'A business rule refuses it: limits, funds, reserves, read-only tenants, idempotency key reuse, a fuel policy (POLICY_VIOLATION, naming its rule), a frozen vehicle or driver (FROZEN)',
  429: 'Too many attempts: the message says when to try again (RATE_LIMITED)',
  431: 'The request headers are too large (HEADERS_TOO_LARGE)',
  500: 'Something failed on our side; the reply carries a requestId to quote (INTERNAL)',
  502: 'The payment provider did not answer (PROVIDER_UNAVAILABLE)',
};

/** The error statuses an operation can answer, from what the route declares. */
function errorStatusesOf(route: RouteDefinition): number[] {
  const writes = route.method !== 'GET';
  const statuses = new Set<number>([400, 431, 500]);
  if (route.permission !== 'public') [401, 403].forEach((s) => statuses.add(s));
  if (route.params || route.permission !== 'public') statuses.add(404);
  if (writes) [409, 413, 415, 422].forEach((s) => statuses.add(s));
  if (route.rateLimited) statuses.add(429);
  if (route.tag === 'wallet' || route.tag === 'payments' || route.tag === 'billing') statuses.add(502);
  return [...statuses].sort((a, b) => a - b);
}

const FILE_DESCRIPTIONS = {
  image: 'A PNG, JPEG, WebP or GIF image (checked by content)',
  photo: 'A JPEG, PNG or WebP photo of at most 300 kB (checked by content)',
  document: 'A PDF or an image (checked by content)',
  csv: 'A CSV file in UTF-8 (a byte order mark is allowed), its first line the column headers',
} as const;

function fileProperty(kind: keyof typeof FILE_DESCRIPTIONS) {
  return { type: 'string', format: 'binary', description: FILE_DESCRIPTIONS[kind] };
}

/** The swagger transform: the contract route's documentation added, then zod turned into JSON schema. */
export function documentRoute(input: TransformInput) {
  const route = (input.route as RouteOptions | undefined)?.config?.contractRoute;
  if (!route) return jsonSchemaTransform(input);
  const schema: FastifySchema & Record<string, unknown> = { ...input.schema };
  const multipart = route.bodyType === 'multipart' && route.body;
  if (multipart) {
    schema.body = route.body;
    schema.consumes = ['multipart/form-data', 'application/json'];
  }
  // A gateway's callback (USSD) posts a form and reads plain text.
  if (route.bodyType === 'form') schema.consumes = ['application/x-www-form-urlencoded', 'application/json'];
  const response: Record<string, unknown> = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
  if (route.replyType === 'text') response[200] = { description: route.summary, content: { 'text/plain': { schema: route.reply } } };
  for (const status of errorStatusesOf(route)) {
    response[status] = { description: ERROR_DESCRIPTIONS[status], content: { 'application/json': { schema: errorBodySchema } } };
  }
  schema.response = response;
  const transformed = jsonSchemaTransform({ ...input, schema });
  if (multipart && route.files) {
    const body = transformed.schema.body as { properties?: Record<string, unknown> } | undefined;
    if (body) {
      body.properties = { ...body.properties };
      for (const [field, kind] of Object.entries(route.files)) body.properties[field] = fileProperty(kind);
    }
  }
  return transformed;
}
