/**
 * Mass assignment: every POST/PUT/PATCH route of the table that takes a body gets a valid body
 * extended with a key the caller must not set (tenant, status, balance, role, approver, id,
 * timestamps, derived amounts…). Keys the route's schema does not declare are refused with 400
 * naming the key, JSON and multipart alike; keys it declares but the caller may not use this way
 * (another tenant, a role above the caller's) are refused as the domain rules say. Nothing in the
 * database changes either way.
 */
import { randomUUID } from 'node:crypto';
import type { RouteDefinition } from '@fleetfuel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness.js';
import { multipart } from '../multipart.js';
import { VALID_CALLS, buildWorld, contractRoutes, fingerprint, routeKey, shapeKeys, urlOf, type World } from './fixtures.js';

// A gateway's form-encoded callback (USSD) is Africa's Talking's format, not ours: it ignores the
// fields the gateway adds (networkCode…), and a caller cannot set anything through them.
const writeRoutes = contractRoutes().filter(
  (r) => (r.method === 'POST' || r.method === 'PUT' || r.method === 'PATCH') && r.body && !r.rawBody && r.bodyType !== 'form',
);

/** Keys no caller may set through a body, with values that would matter if they were taken. */
const forbiddenExtras = (w: World): Record<string, unknown> => ({
  id: randomUUID(),
  organizationId: w.tenantId.beta,
  fuelStationId: w.tenantId.greenline,
  stationId: w.tenantId.greenline,
  status: 'ACTIVE',
  balance: 1_000_000,
  available: 1_000_000,
  held: 0,
  role: 'ADMIN',
  approvedBy: w.user['orgadmin@acme.test'],
  requestedBy: w.user['orgadmin@beta.test'],
  createdBy: w.user['admin@fleetfuel.test'],
  createdAt: '2020-01-01T00:00:00.000Z',
  updatedAt: '2020-01-01T00:00:00.000Z',
  price: 1,
  pricePerUnit: 1,
  amount: 1,
  heldAmount: 0,
  fee: 0,
  couponCode: 'AAAA-AAAA',
  passwordHash: 'x',
  userId: w.user['admin@fleetfuel.test'],
  walletId: w.wallet.beta,
  nextBilling: '2099-12-31',
});

/** A form's view of a JSON body: every value a string (lists as repeated fields). */
function asForm(body: Record<string, unknown>): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.map(String) : value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );
}

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
}, 120_000);
afterAll(async () => t?.close());

async function send(
  route: RouteDefinition,
  call: (typeof VALID_CALLS)[string],
  body: Record<string, unknown>,
  encoding: 'json' | 'multipart',
) {
  const token = call.caller ? (w.tokens[call.caller] ?? (w.tokens[call.caller] = await t.login(call.caller))) : null;
  const url = urlOf(route, call.params?.(w));
  if (encoding === 'json') return t.call(route.method, url, { token, body });
  const form = multipart(asForm(body));
  return t.call(route.method, url, { token, body: form.body, headers: form.headers });
}

describe('mass assignment', () => {
  it('has a valid body, accepted by the contract, for every write route with a body', () => {
    expect(writeRoutes.length).toBeGreaterThan(40);
    const missing = writeRoutes.filter((r) => !VALID_CALLS[routeKey(r)]?.body).map(routeKey);
    expect(missing, 'write routes without a valid body').toEqual([]);
    const rejected = writeRoutes.flatMap((r) => {
      const result = r.body?.safeParse(VALID_CALLS[routeKey(r)]?.body?.(w));
      return result?.success ? [] : [`${routeKey(r)}: ${result?.error.issues[0]?.message}`];
    });
    expect(rejected, 'valid bodies the contract refuses').toEqual([]);
    expect(writeRoutes.filter((r) => shapeKeys(r.body).length === 0).map(routeKey), 'bodies whose keys cannot be read').toEqual([]);
  });

  it('the fingerprint sees a write (so "nothing changed" means something)', async () => {
    const before = await fingerprint(t);
    const res = await t.call('PUT', '/api/account/profile', { token: w.tokens['driver@acme.test'], body: { title: 'Night Driver' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await fingerprint(t)).not.toEqual(before);
  });

  it.each(writeRoutes.map((r) => [routeKey(r), r] as const))(
    '%s refuses every undeclared key with 400 and changes nothing',
    async (_name, route) => {
      const call = VALID_CALLS[routeKey(route)];
      if (!call?.body) throw new Error(`no valid body for ${routeKey(route)}`);
      const declared = new Set(shapeKeys(route.body));
      const extras = Object.entries(forbiddenExtras(w)).filter(([key]) => !declared.has(key));
      expect(extras.length).toBeGreaterThan(10);
      const encodings = route.bodyType === 'multipart' ? (['json', 'multipart'] as const) : (['json'] as const);
      const before = await fingerprint(t);
      const wrong: string[] = [];
      for (const encoding of encodings) {
        for (const [key, value] of extras) {
          const res = await send(route, call, { ...call.body(w), [key]: value }, encoding);
          const reply = res.statusCode < 500 ? res.json<{ code?: string; field?: string }>() : {};
          if (res.statusCode !== 400 || reply.code !== 'VALIDATION_FAILED' || reply.field !== key) {
            wrong.push(`${encoding} +${key}: ${res.statusCode} ${res.body.slice(0, 160)}`);
          }
        }
      }
      expect(wrong).toEqual([]);
      expect(await fingerprint(t), 'the database changed').toEqual(before);
    },
  );

  describe('declared keys a caller may not use this way', () => {
    const cases: Array<{ name: string; route: string; caller: string; extra: (w: World) => Record<string, unknown>; status: number }> = [
      {
        name: 'an organization admin names another organization for an asset',
        route: 'POST /vehicles',
        caller: 'orgadmin@acme.test',
        extra: (w) => ({ organizationId: w.tenantId.beta }),
        status: 404,
      },
      {
        name: 'an organization admin names another organization for a driver',
        route: 'POST /drivers',
        caller: 'orgadmin@acme.test',
        extra: (w) => ({ organizationId: w.tenantId.beta }),
        status: 404,
      },
      {
        name: 'an assistant names another organization for a group',
        route: 'POST /departments',
        caller: 'asst@acme.test',
        extra: (w) => ({ organizationId: w.tenantId.beta }),
        status: 404,
      },
      {
        name: 'an organization admin places an account in another organization',
        route: 'POST /admin/users',
        caller: 'orgadmin@acme.test',
        extra: (w) => ({ organizationId: w.tenantId.beta }),
        status: 404,
      },
      {
        name: 'an organization admin moves its driver to another organization',
        route: 'PUT /admin/users/:id',
        caller: 'orgadmin@acme.test',
        extra: (w) => ({ organizationId: w.tenantId.beta }),
        status: 404,
      },
      {
        name: 'an organization admin creates a platform admin',
        route: 'POST /admin/users',
        caller: 'orgadmin@acme.test',
        extra: () => ({ role: 'ADMIN' }),
        status: 403,
      },
      {
        name: 'an organization admin creates another organization admin',
        route: 'POST /admin/users',
        caller: 'orgadmin@acme.test',
        extra: () => ({ role: 'ADMINISTRATOR' }),
        status: 403,
      },
      {
        name: 'an organization admin promotes its driver',
        route: 'PUT /admin/users/:id',
        caller: 'orgadmin@acme.test',
        extra: () => ({ role: 'ADMINISTRATOR' }),
        status: 403,
      },
      {
        name: 'an organization admin registers a platform admin',
        route: 'POST /auth/register',
        caller: 'orgadmin@acme.test',
        extra: () => ({ role: 'ADMIN', organizationId: undefined }),
        status: 403,
      },
      {
        name: 'a station representative places an attendant at another station',
        route: 'POST /admin/users',
        caller: 'rep@unityfuels.test',
        extra: (w) => ({ role: 'ATTENDANT', fuelStationId: w.tenantId.greenline }),
        status: 404,
      },
      {
        name: 'a station representative creates another representative',
        route: 'POST /admin/users',
        caller: 'rep@unityfuels.test',
        extra: () => ({ role: 'STATION_REP' }),
        status: 403,
      },
    ];
    it.each(cases.map((c) => [c.name, c] as const))('%s: refused, nothing changes', async (_name, c) => {
      const route = contractRoutes().find((r) => routeKey(r) === c.route);
      if (!route) throw new Error(`no route ${c.route}`);
      const call = VALID_CALLS[c.route];
      if (!call?.body) throw new Error(`no valid body for ${c.route}`);
      const body = Object.fromEntries(Object.entries({ ...call.body(w), ...c.extra(w) }).filter(([, v]) => v !== undefined));
      expect(route.body?.safeParse(body).success, 'the body passes the schema: the service must refuse it').toBe(true);
      const before = await fingerprint(t);
      const res = await send(route, { ...call, caller: c.caller }, body, 'json');
      expect(res.statusCode, res.body).toBe(c.status);
      expect(await fingerprint(t), 'the database changed').toEqual(before);
    });
  });
});
