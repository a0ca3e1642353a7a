/**
 * The spec's client sends `Content-Type: application/json` on every call, with or without a body.
 * Every call whose body is optional must therefore answer the same whether it gets no body at all,
 * an empty body under that header, or `{}`. The table walk runs each variant on its own copy of the
 * database (a call that succeeds changes what the next call finds), as the caller that holds the
 * route's permission, and compares the replies.
 */
import { allRoutes, API_BASE, hasPermission, type RouteDefinition, type Role } from '@fleetfuel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDate } from '../clock.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

const CALLERS: Array<{ role: Role; username: string }> = [
  { role: 'ADMINISTRATOR', username: 'orgadmin@acme.test' },
  { role: 'ADMIN', username: 'admin@fleetfuel.test' },
  { role: 'STATION_REP', username: 'rep@unityfuels.test' },
  { role: 'ATTENDANT', username: 'attendant@unityfuels.test' },
  { role: 'ASST_ADMINISTRATOR', username: 'asst@acme.test' },
  { role: 'DRIVER', username: 'driver@acme.test' },
];
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** A body is optional when the route has none or when its schema accepts `{}`. */
function bodyIsOptional(route: RouteDefinition): boolean {
  return !route.body || route.body.safeParse({}).success;
}

/** Routes the spec's client calls without a body; the signed webhook is not a client call. */
const bodilessRoutes = allRoutes.filter((route) => bodyIsOptional(route) && !route.rawBody && route.permission !== 'public');

type Variant = 'no body, no header' | 'empty body, JSON header' | '{} with JSON header';
const VARIANTS: Variant[] = ['no body, no header', 'empty body, JSON header', '{} with JSON header'];

function send(t: TestApp, token: string, route: RouteDefinition, variant: Variant) {
  const url = `${API_BASE}${route.path.replace(/:[A-Za-z]+/g, MISSING_ID)}`;
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (variant !== 'no body, no header') headers['content-type'] = 'application/json';
  return t.app.inject({
    method: route.method,
    url,
    headers,
    ...(variant === '{} with JSON header' && route.method !== 'GET' ? { payload: '{}' } : {}),
  });
}

describe('calls sent the way the spec client sends them', () => {
  const apps = new Map<Variant, TestApp>();
  beforeAll(async () => {
    for (const variant of VARIANTS) apps.set(variant, await createTestApp());
  });
  afterAll(async () => {
    for (const t of apps.values()) await t.close();
  });

  it('every call with an optional body answers alike with no body, an empty JSON body and {}', async () => {
    expect(bodilessRoutes.length).toBeGreaterThan(40);
    const outcomes = new Map<Variant, string[]>();
    for (const variant of VARIANTS) {
      const t = apps.get(variant) as TestApp;
      const tokens = new Map<Role, string>();
      for (const caller of CALLERS) tokens.set(caller.role, await t.login(caller.username));
      const seen: string[] = [];
      // Logging out ends the caller's session, so it runs last.
      const ordered = [...bodilessRoutes].sort((a, b) => Number(a.path === '/auth/logout') - Number(b.path === '/auth/logout'));
      for (const route of ordered) {
        const caller = CALLERS.find((c) => hasPermission(c.role, route.permission));
        if (!caller) throw new Error(`no demo caller holds ${route.permission}`);
        const res = await send(t, tokens.get(caller.role) as string, route, variant);
        const reply = String(res.headers['content-type'] ?? '').includes('json') ? res.json<{ code?: string; error?: string }>() : {};
        const detail = res.statusCode === 400 ? ` (${reply.error})` : '';
        seen.push(`${route.method} ${route.path} → ${res.statusCode}${reply.code ? ` ${reply.code}` : ''}${detail}`);
      }
      outcomes.set(variant, seen);
    }
    const [reference, ...others] = VARIANTS;
    for (const variant of others) {
      expect(outcomes.get(variant), variant).toEqual(outcomes.get(reference as Variant));
    }
    // None of them is refused for its (missing) body.
    for (const line of outcomes.get(reference as Variant) ?? []) {
      expect(line).not.toMatch(/→ 4(00 BAD_REQUEST|15)|\(body[:\s]|request body/i);
    }
  });

  it('the spec calls "with nothing" succeed under a JSON content type and no body', async () => {
    const t = apps.get('empty body, JSON header') as TestApp;
    const admin = await t.login('orgadmin@acme.test');
    const platform = await t.login('admin@fleetfuel.test');
    const json = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
    const hilux = await t.db.selectFrom('vehicles').select('id').where('plate_number', '=', 'LND-451-KJ').executeTakeFirstOrThrow();
    const unity = await t.db.selectFrom('fuel_stations').select('id').where('name', '=', 'Unity Fuels Ikeja').executeTakeFirstOrThrow();
    const wallet = (await t.call('GET', '/api/wallet', { token: admin })).json<{ wallet: { id: string } }>().wallet;
    const funded = await t.call('POST', `/api/wallet/${wallet.id}/create-transaction`, {
      token: platform,
      body: { amount: 100_000, type: 'CREDIT', note: 'test funds' },
    });
    expect(funded.statusCode, funded.body).toBe(200);
    const raise = async () => {
      const res = await t.call('POST', '/api/fuel-requests', {
        token: admin,
        body: { vehicleId: hilux.id, stationId: unity.id, supplyDate: lagosDate(new Date()), volume: 10 },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ request: { id: string } }>().request.id;
    };
    const toApprove = await raise();
    const toReject = await raise();
    const approve = await t.app.inject({ method: 'PATCH', url: `/api/fuel-requests/${toApprove}/approve`, headers: json });
    expect(approve.statusCode, approve.body).toBe(200);
    const reject = await t.app.inject({ method: 'PATCH', url: `/api/fuel-requests/${toReject}/reject`, headers: json });
    expect(reject.statusCode, reject.body).toBe(200);
    const group = await t.call('POST', '/api/departments', { token: admin, body: { name: 'Short-lived group' } });
    expect(group.statusCode, group.body).toBe(200);
    const groupId = (await t.db.selectFrom('departments').select('id').where('name', '=', 'Short-lived group').executeTakeFirstOrThrow())
      .id;
    const remove = await t.app.inject({ method: 'DELETE', url: `/api/departments/${groupId}`, headers: json });
    expect(remove.statusCode, remove.body).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: json });
    expect(logout.statusCode, logout.body).toBe(200);
    expect((await t.call('GET', '/api/auth/me', { token: admin })).statusCode).toBe(401);
  });
});
