/**
 * What the OpenAPI document says beyond what fastify validates: each operation's stable id and
 * security, the multipart bodies (validated by the route binder after their parts are read, so
 * fastify never sees their schema), the replies that are not JSON (PDF, CSV, files, pages,
 * redirects) with their media types, and every error reply an operation can give, each in the one
 * `{error, message, code}` shape.
 */
import { errorBodySchema, MAX_UPLOAD_BYTES, replyDocumentationOf, routes, type RouteDefinition } from '@fleetfuel/contract';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The input is invalid: the message names the field (VALIDATION_FAILED, BAD_REQUEST)',
  401: 'No token, a token that is no longer valid (UNAUTHENTICATED, INVALID_TOKEN: error is exactly "Invalid token"), wrong sign-in details, or a webhook signature that does not verify',
  403: "The caller's role or API key may not do this, or its account is not active (FORBIDDEN, ACCOUNT_INACTIVE)",
  404: 'No such record in the caller’s scope; another tenant’s records answer the same (NOT_FOUND)',
  409: 'The record is not in a state that allows this, or has history (CONFLICT, IN_PROGRESS, HAS_HISTORY)',
  413: `The request or a file is too large (files at most ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB) (PAYLOAD_TOO_LARGE)`,
  415: 'The content type is not accepted here (UNSUPPORTED_MEDIA_TYPE)',
  422: 'A business rule refuses it: limits, funds, reserves, read-only tenants, idempotency key reuse, a fuel policy (POLICY_VIOLATION, naming its rule), a frozen vehicle or driver (FROZEN)',
  429: 'Too many calls or attempts: the message and Retry-After say when to try again (RATE_LIMITED)',
  431: 'The request headers are too large (HEADERS_TOO_LARGE)',
  500: 'Something failed on our side; the reply carries a requestId to quote (INTERNAL)',
  502: 'The payment provider did not answer (PROVIDER_UNAVAILABLE)',
  503: 'The database cannot be reached, is changing hands or took too long; try again in a moment (SERVICE_UNAVAILABLE)',
};

/**
 * Each route's operationId: its group and name in the contract's route table (`fuelRequestsApprove`),
 * so that it stays the same while paths, summaries and order change, and a generated client's
 * method names with it.
 */
const operationIds = new Map<RouteDefinition, string>(
  Object.entries(routes).flatMap(([group, definitions]) =>
    Object.entries(definitions as Record<string, RouteDefinition>).map(
      ([name, definition]) => [definition, `${group}${name[0]?.toUpperCase() ?? ''}${name.slice(1)}`] as const,
    ),
  ),
);

function operationIdOf(route: RouteDefinition): string {
  const id = operationIds.get(route);
  if (!id) throw new Error(`${route.method} ${route.path} is not in the contract's route table`);
  return id;
}

/**
 * The error statuses an operation can answer, from what the route declares. Any call can meet bad
 * input, a token that is dead or may not do this (a public route still checks a token it is sent,
 * and a webhook its signature), a business rule (a read too: a coupon that is not valid, a report
 * over too long a period), the general rate limit, and a database changing hands (503). The test
 * apps check every status they answer against this list (test/documented-statuses.ts).
 */
export function errorStatusesOf(route: RouteDefinition): number[] {
  const writes = route.method !== 'GET';
  const statuses = new Set<number>([400, 401, 403, 422, 429, 431, 500, 503]);
  if (route.params || route.permission !== 'public') statuses.add(404);
  if (writes) [409, 413, 415].forEach((s) => statuses.add(s));
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

/** The success reply of a route whose reply is not JSON, as its schema's metadata documents it. */
function documentedSuccess(route: RouteDefinition): [status: number, reply: object] | null {
  const documentation = replyDocumentationOf(route);
  if (!documentation) return null;
  if (documentation.redirectStatus) {
    // fastify-swagger writes a header's schema form ({ type }) as OpenAPI's { schema }.
    const location = { type: 'string', description: 'Where to go next' };
    return [documentation.redirectStatus, { description: documentation.description, headers: { Location: location } }];
  }
  const content = Object.fromEntries(
    (documentation.mediaTypes ?? []).map((mediaType) => [mediaType, { schema: { type: 'string', format: 'binary' } }]),
  );
  return [200, { description: documentation.description, content }];
}

/** The swagger transform: the contract route's documentation added, then zod turned into JSON schema. */
export function documentRoute(input: TransformInput) {
  const route = (input.route as RouteOptions | undefined)?.config?.contractRoute;
  if (!route) return jsonSchemaTransform(input);
  const schema: FastifySchema & Record<string, unknown> = {
    ...input.schema,
    operationId: operationIdOf(route),
    // Public routes need no token; every other takes a session token or an API key as bearer.
    security: route.permission === 'public' ? [] : [{ bearerAuth: [] }],
  };
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
    const description =
      status === 429 && route.rateLimited
        ? `${ERROR_DESCRIPTIONS[429]}; failed attempts are throttled per account and per address, with a growing delay`
        : ERROR_DESCRIPTIONS[status];
    response[status] = { description, content: { 'application/json': { schema: errorBodySchema } } };
  }
  schema.response = response;
  const success = documentedSuccess(route);
  if (success) delete response[200];
  const transformed = jsonSchemaTransform({ ...input, schema });
  if (success) (transformed.schema.response as Record<number, object>)[success[0]] = success[1];
  if (multipart && route.files) {
    const body = transformed.schema.body as { properties?: Record<string, unknown> } | undefined;
    if (body) {
      body.properties = { ...body.properties };
      for (const [field, kind] of Object.entries(route.files)) body.properties[field] = fileProperty(kind);
    }
  }
  return transformed;
}
