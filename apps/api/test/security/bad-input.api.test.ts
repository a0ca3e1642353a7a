/**
 * Property-based bad input over every route of the table, as a caller the route admits: one
 * parameter, query key or body key at a time gets a malformed, oversized, wrongly typed, boundary,
 * unicode, control-character (NUL included), SQL or HTML value, or the whole body is of the wrong
 * type (or broken multipart). The contract's own zod schema is the oracle: whatever it refuses
 * must be answered with a 4xx; nothing is ever answered with a 5xx; every error has the shape
 * `{error, message, code}`; and a 4xx changes no row count of the main tables.
 * Runs are seeded (FUZZ_SEED overrides) so CI is deterministic; a failure prints the seed.
 */
import { API_BASE, buildPath, type RouteDefinition } from '@fleetfuel/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness.js';
import { multipart } from '../multipart.js';
import {
  VALID_CALLS,
  buildWorld,
  contractRoutes,
  isErrorBody,
  pathParams,
  routeKey,
  rowCounts,
  shapeKeys,
  type World,
} from './fixtures.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_611);
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 20);

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000\u0001\u0002\u001f\u007f',
  '\t\r\n',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(0)',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '\u202eevil',
  '😀🚚⛽',
  'Ñandú ẞ ǅ',
  '\uFEFF',
  '\uD800',
  '0000-01-01',
  '0000-00-00',
  '2026-02-30',
  '9999-12-31',
  '-001000-01-01',
  '2026-1-1',
  '-1',
  '0',
  '0.004',
  '1e309',
  'NaN',
  'Infinity',
  '99999999999999999999',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'null',
  'true',
  '[]',
  '{}',
  'ACTIVE',
  'ADMIN',
];
const NASTY_NUMBERS = [
  -1,
  0,
  -0,
  0.004,
  0.005,
  1.005,
  0.1 + 0.2,
  1e-7,
  1e15,
  1e21,
  1e300,
  Number('99999999999999.99'),
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -1e21,
];
const NASTY_SHAPES: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [1, 2],
  ['PETROL', 'PETROL'],
  { $gt: '' },
  { nested: { deeper: [null] } },
  [[[[[]]]]],
];

/** One bad value: a nasty string, a boundary number, a wrong type, random unicode, or something huge. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_SHAPES) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.integer({ min: -(2 ** 53), max: 2 ** 53 }) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(5_001), 'é'.repeat(20_000), `${'9'.repeat(400)}`) },
);

interface WholeBody {
  name: string;
  contentType: string;
  payload: string | Buffer;
  /** False when a fix in flight may make the server read it as `{}` (an empty JSON body). */
  alwaysInvalid: boolean;
  /** Well-formed multipart: only a multipart route must refuse it (a JSON route reads no fields from it). */
  multipartRoutesOnly?: boolean;
}
const BOUNDARY = '----fleetfuelfuzz';
const WHOLE_BODIES: WholeBody[] = [
  { name: 'a JSON array', contentType: 'application/json', payload: '[{"name":"x"}]', alwaysInvalid: true },
  { name: 'a JSON string', contentType: 'application/json', payload: '"text"', alwaysInvalid: true },
  { name: 'a JSON number', contentType: 'application/json', payload: '42', alwaysInvalid: true },
  { name: 'JSON true', contentType: 'application/json', payload: 'true', alwaysInvalid: true },
  { name: 'JSON null', contentType: 'application/json', payload: 'null', alwaysInvalid: false },
  { name: 'an empty JSON body', contentType: 'application/json', payload: '', alwaysInvalid: false },
  { name: 'truncated JSON', contentType: 'application/json', payload: '{"name":', alwaysInvalid: true },
  { name: 'JSON with a NUL byte', contentType: 'application/json', payload: '{"a":"\u0000"}', alwaysInvalid: true },
  { name: 'deeply nested JSON', contentType: 'application/json', payload: `${'['.repeat(3000)}${']'.repeat(3000)}`, alwaysInvalid: true },
  {
    name: 'prototype pollution',
    contentType: 'application/json',
    payload: '{"__proto__":{"role":"ADMIN"},"constructor":{"prototype":{"x":1}}}',
    alwaysInvalid: true,
  },
  { name: 'plain text', contentType: 'text/plain', payload: 'hello', alwaysInvalid: true },
  { name: 'form-urlencoded', contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=2', alwaysInvalid: true },
  {
    name: 'multipart without a boundary',
    contentType: 'multipart/form-data',
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
    alwaysInvalid: true,
  },
  {
    name: 'truncated multipart',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nhalf a fie`,
    alwaysInvalid: true,
  },
  {
    name: 'multipart with a file field the route does not take',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="evil"; filename="x.sh"\r\nContent-Type: text/x-sh\r\n\r\nrm -rf /\r\n--${BOUNDARY}--\r\n`,
    alwaysInvalid: true,
    multipartRoutesOnly: true,
  },
];

type Target =
  | { kind: 'param'; key: string }
  | { kind: 'query'; key: string }
  | { kind: 'body'; key: string }
  | { kind: 'form'; key: string }
  | { kind: 'whole' };

function targetsOf(route: RouteDefinition): Target[] {
  const targets: Target[] = [
    ...pathParams(route.path).map((key): Target => ({ kind: 'param', key })),
    ...shapeKeys(route.query).map((key): Target => ({ kind: 'query', key })),
    ...shapeKeys(route.body).map((key): Target => ({ kind: 'body', key })),
    ...(route.bodyType === 'multipart' ? shapeKeys(route.body).map((key): Target => ({ kind: 'form', key })) : []),
  ];
  if (route.method !== 'GET') targets.push({ kind: 'whole' });
  // A route with no inputs still gets a query key it does not know.
  if (targets.length === 0) targets.push({ kind: 'query', key: 'unexpected' });
  return targets;
}

/** How a bad value travels in a path or query string (always text; never a lone surrogate, which no URL can carry). */
const asText = (value: unknown): string =>
  (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))).replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
const asFormText = (value: unknown): string => (value === null ? '' : asText(value));

let t: TestApp;
let w: World;
const serverErrors = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
}, 120_000);
afterAll(async () => {
  if (serverErrors.size)
    console.log(`bad input: ${serverErrors.size} distinct 5xx (seed ${SEED})\n${[...serverErrors.values()].join('\n')}`);
  await t?.close();
});

async function tokenFor(email: string | null): Promise<string | null> {
  if (!email) return null;
  return (w.tokens[email] ??= await t.login(email));
}

interface Outcome {
  status: number;
  body: string;
  contentType: string;
  /** The contract's schema refuses this input, so the server must answer 4xx. */
  mustRefuse: boolean;
  described: string;
}

async function attempt(route: RouteDefinition, target: Target, value: unknown, whole: WholeBody): Promise<Outcome> {
  const call = VALID_CALLS[routeKey(route)];
  if (!call) throw new Error(`no valid call for ${routeKey(route)}`);
  const params = { ...call.params?.(w) };
  const query: Record<string, string> = { ...call.query?.(w) };
  const body: Record<string, unknown> | undefined = call.body ? { ...call.body(w) } : undefined;
  const headers: Record<string, string> = {};
  let payload: unknown = body;
  let mustRefuse = false;
  let described: string;

  switch (target.kind) {
    case 'param':
      params[target.key] = asText(value);
      mustRefuse = route.params ? !route.params.safeParse(params).success : false;
      described = `param ${target.key}=${JSON.stringify(params[target.key])?.slice(0, 80)}`;
      break;
    case 'query':
      query[target.key] = asText(value);
      // A route that declares no query does not read one: an unknown key there is ignored, not refused.
      mustRefuse = route.query ? !route.query.safeParse(query).success : false;
      described = `query ${target.key}=${JSON.stringify(query[target.key])?.slice(0, 80)}`;
      break;
    case 'body': {
      const changed = { ...body, [target.key]: value };
      payload = changed;
      mustRefuse = !route.body?.safeParse(changed).success;
      described = `body ${target.key}=${JSON.stringify(value)?.slice(0, 80)}`;
      break;
    }
    case 'form': {
      const fields = Object.fromEntries(
        Object.entries({ ...body, [target.key]: value }).map(([k, v]) => [k, Array.isArray(v) ? v.map(asFormText) : asFormText(v)]),
      );
      const form = multipart(fields);
      payload = form.body;
      Object.assign(headers, form.headers);
      mustRefuse = !route.body?.safeParse(fields).success;
      described = `multipart field ${target.key}=${JSON.stringify(fields[target.key])?.slice(0, 80)}`;
      break;
    }
    case 'whole':
      payload = whole.payload;
      headers['content-type'] = whole.contentType;
      mustRefuse =
        Boolean(route.body) && whole.alwaysInvalid && !route.rawBody && (!whole.multipartRoutesOnly || route.bodyType === 'multipart');
      described = `whole body: ${whole.name}`;
      break;
  }
  let url: string;
  try {
    url = `${API_BASE}${buildPath(route.path, params)}`;
  } catch {
    url = `${API_BASE}${route.path}`;
  }
  const res = await t.app.inject({
    method: route.method,
    url,
    query,
    headers: { ...headers, ...((await tokenFor(call.caller)) ? { authorization: `Bearer ${await tokenFor(call.caller)}` } : {}) },
    ...(payload !== undefined ? { payload: payload as string } : {}),
  });
  return { status: res.statusCode, body: res.body, contentType: String(res.headers['content-type'] ?? ''), mustRefuse, described };
}

const routes = contractRoutes();

describe('bad input', () => {
  it('has an admitted caller and valid inputs for every route', () => {
    expect(routes.filter((r) => !VALID_CALLS[routeKey(r)]).map(routeKey), 'routes without a valid call').toEqual([]);
  });

  it.each(routes.map((r) => [routeKey(r), r] as const))(
    '%s: 4xx with {error, message, code} for what the contract refuses, never 5xx, no writes on 4xx',
    async (_name, route) => {
      const targets = targetsOf(route);
      let counts = await rowCounts(t);
      const property = fc.asyncProperty(
        fc.constantFrom(...targets),
        badValue,
        fc.constantFrom(...WHOLE_BODIES),
        async (target, value, whole) => {
          const outcome = await attempt(route, target, value, whole);
          const where = `${routeKey(route)} ${outcome.described}: ${outcome.status} ${outcome.body.slice(0, 200)}`;
          if (outcome.status >= 500) serverErrors.set(`${routeKey(route)} ${outcome.described.split('=')[0]}`, where);
          expect(outcome.status, where).toBeLessThan(500);
          if (outcome.mustRefuse) expect(outcome.status, `${where} — the contract refuses this input`).toBeGreaterThanOrEqual(400);
          const after = await rowCounts(t);
          if (outcome.status >= 400) {
            expect(outcome.contentType, where).toContain('application/json');
            expect(isErrorBody(JSON.parse(outcome.body)), `${where} — not {error, message, code}`).toBe(true);
            expect(after, `${where} — a refused request wrote rows`).toEqual(counts);
          }
          counts = after;
        },
      );
      await fc.assert(property, { seed: SEED, numRuns: NUM_RUNS, endOnFailure: true });
    },
  );
});
