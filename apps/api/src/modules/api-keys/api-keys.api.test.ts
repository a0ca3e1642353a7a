/**
 * Issue 14's organization API keys: the secret is shown once and stored hashed, a key acts as its
 * organization within its scope's allow-list (never approving, moving money or managing people or
 * keys), revocation ends it at once, and only the organization's admin manages keys.
 */
import { API_KEY_SCOPES, allRoutes, apiKeyMayCall, buildPath, API_BASE, type ApiKey, type ApiKeyScope } from '@fleetfuel/contract';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lagosDate } from '../../platform/clock.js';
import { useTestApp } from '../../../test/test-world.js';

const idOf = async (table: 'organizations' | 'fuel_stations', name: string) =>
  (await world.t.db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

async function createKey(token: string, name: string, scope: ApiKeyScope) {
  const res = await world.t.call('POST', '/api/api-keys', { token, body: { name, scope } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ message: string; apiKey: ApiKey; secret: string }>();
}

const fuelRequestBody = () => ({ vehicleId: world.ids.bike, stationId: world.ids.unity, supplyDate: lagosDate(new Date()), volume: 5 });

let readKey: string;
let requestKey: string;

const world = useTestApp({
  signIn: ['orgadmin@acme.test', 'orgadmin@beta.test'],
  ids: async (find) => ({
    acme: await find.organization('Acme Logistics'),
    unity: await find.station('Unity Fuels Ikeja'),
    bike: await find.vehicle('KJA-118-QB'),
    betaTruck: await find.vehicle('KAN-903-BT'),
  }),
  setUp: async ({ token }) => {
    readKey = (await createKey(token('orgadmin@acme.test'), 'Reporting', 'read')).secret;
    requestKey = (await createKey(token('orgadmin@acme.test'), 'Dispatch system', 'request')).secret;
  },
});

describe('creating and listing keys', () => {
  it('shows the secret once and stores only its hash', async () => {
    const created = await createKey(world.token('orgadmin@acme.test'), '  Telematics  ', 'read');
    expect(created.message).toBe('API key created');
    expect(created.secret).toMatch(/^ff_live_[A-Za-z0-9_-]{43}$/);
    expect(created.apiKey).toMatchObject({ name: 'Telematics', scope: 'read', lastUsedAt: null, revokedAt: null });
    expect(created.apiKey.prefix).toBe(created.secret.slice(0, 12));

    const row = await world.t.db.selectFrom('api_keys').selectAll().where('id', '=', created.apiKey.id).executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(createHash('sha256').update(created.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.secret);

    const list = await world.t.call('GET', '/api/api-keys', { token: world.token('orgadmin@acme.test') });
    expect(list.statusCode).toBe(200);
    const keys = list.json<{ apiKeys: ApiKey[] }>().apiKeys;
    expect(keys.map((k) => k.name)).toContain('Telematics');
    expect(list.body).not.toContain(created.secret);
    expect(list.body).not.toContain(row.secret_hash);
    expect(Object.keys(keys[0] as ApiKey).sort()).toEqual([
      'createdAt',
      'createdBy',
      'id',
      'lastUsedAt',
      'name',
      'prefix',
      'revokedAt',
      'scope',
    ]);
  });

  it('lists only the own organization’s keys', async () => {
    const betaKey = await createKey(world.token('orgadmin@beta.test'), 'Beta sync', 'read');
    const acmeList = await world.t.call('GET', '/api/api-keys', { token: world.token('orgadmin@acme.test') });
    expect(acmeList.json<{ apiKeys: ApiKey[] }>().apiKeys.map((k) => k.id)).not.toContain(betaKey.apiKey.id);
  });

  it('requires a name of at most 80 characters and a known scope', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ scope: 'read' }, 'name: This field is required'],
      [{ name: '   ', scope: 'read' }, 'name: This field is required'],
      [{ name: 'x'.repeat(81), scope: 'read' }, 'name: Must be at most 80 characters'],
      [{ name: 'No scope' }, 'scope: This field is required'],
      [{ name: 'Bad scope', scope: 'approve' }, 'scope: Must be one of: read, request'],
    ];
    for (const [body, message] of cases) {
      const res = await world.t.call('POST', '/api/api-keys', { token: world.token('orgadmin@acme.test'), body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
  });

  it('is for the organization admin only', async () => {
    for (const email of ['asst@acme.test', 'driver@acme.test', 'admin@fleetfuel.test', 'rep@unityfuels.test']) {
      const token = await world.t.login(email);
      expect((await world.t.call('GET', '/api/api-keys', { token })).statusCode, email).toBe(403);
      expect((await world.t.call('POST', '/api/api-keys', { token, body: { name: 'Mine', scope: 'read' } })).statusCode, email).toBe(403);
    }
  });

  it('records who created a key in the audit trail', async () => {
    const created = await createKey(world.token('orgadmin@acme.test'), 'Audited', 'request');
    const res = await world.t.call('GET', '/api/audit-log', {
      token: world.token('orgadmin@acme.test'),
      query: { entityId: created.apiKey.id },
    });
    const entries = res.json<{ entries: Array<{ action: string; changes: unknown; note: string | null }> }>().entries;
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'api_key.created',
        changes: { name: { before: null, after: 'Audited' }, scope: { before: null, after: 'request' } },
        note: null,
      }),
    ]);
  });
});

describe('calling the API with a key', () => {
  it('reads its own organization’s vehicles and fuel requests, and nothing of another organization', async () => {
    const vehicles = await world.t.call('GET', '/api/vehicles', { token: readKey, query: { pageSize: '100' } });
    expect(vehicles.statusCode, vehicles.body).toBe(200);
    const listed = vehicles.json<{ data: Array<{ id: string }> }>().data.map((v) => v.id);
    expect(listed).toContain(world.ids.bike);
    expect(listed).not.toContain(world.ids.betaTruck);
    expect((await world.t.call('GET', `/api/vehicles/${world.ids.betaTruck}`, { token: readKey })).statusCode).toBe(404);

    const requests = await world.t.call('GET', '/api/fuel-requests/all-requests', { token: readKey });
    expect(requests.statusCode, requests.body).toBe(200);
    expect(requests.body).not.toContain('Beta Haulage');
  });

  it('refuses a read key a new request, and lets a request key raise one in its creator’s name', async () => {
    const refused = await world.t.call('POST', '/api/fuel-requests', { token: readKey, body: fuelRequestBody() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: "This API key's scope does not allow this call" });

    const raised = await world.t.call('POST', '/api/fuel-requests', { token: requestKey, body: fuelRequestBody() });
    expect(raised.statusCode, raised.body).toBe(200);
    const acmeAdminId = (
      await world.t.db.selectFrom('users').select('id').where('email', '=', 'orgadmin@acme.test').executeTakeFirstOrThrow()
    ).id;
    expect(raised.json<{ request: { requestedBy: { id: string } } }>().request.requestedBy.id).toBe(acmeAdminId);

    const job = await world.t.call('POST', '/api/maintenance', {
      token: requestKey,
      body: { vehicleId: world.ids.bike, description: 'Oil change', date: lagosDate(new Date()), cost: 15000 },
    });
    expect(job.statusCode, job.body).toBe(200);
  });

  it('never approves, moves money, manages people, settings or keys, whatever the scope', async () => {
    const pending = await world.t.call('POST', '/api/fuel-requests', { token: requestKey, body: fuelRequestBody() });
    const requestId = pending.json<{ request: { id: string } }>().request.id;
    const wallet = (
      await world.t.db.selectFrom('ledger_accounts').select('id').where('organization_id', '=', world.ids.acme).executeTakeFirstOrThrow()
    ).id;
    const calls: Array<[string, string, unknown]> = [
      ['PATCH', `/api/fuel-requests/${requestId}/approve`, {}],
      ['PATCH', `/api/fuel-requests/${requestId}/reject`, { note: 'no' }],
      ['POST', '/api/wallet/fund', { amount: 1000 }],
      ['POST', `/api/wallet/${wallet}/create-transaction`, { amount: 10, type: 'CREDIT', note: 'x' }],
      ['GET', '/api/wallet', undefined],
      ['POST', '/api/admin/users', { name: 'Key User', email: 'key.user@acme.test', role: 'DRIVER', password: 'Key-User-2026' }],
      ['POST', '/api/drivers', { name: 'Key Driver', email: 'key.driver@acme.test', password: 'Key-Driver-2026' }],
      ['POST', '/api/vehicles', { make: 'Key', model: 'Car', type: 'VEHICLE', fuelType: 'PETROL' }],
      ['PUT', '/api/settings/organization', { couponValidityDays: 5 }],
      ['GET', '/api/api-keys', undefined],
      ['POST', '/api/api-keys', { name: 'Another', scope: 'request' }],
      ['GET', '/api/auth/me', undefined],
      ['POST', '/api/auth/register', { name: 'Reg', email: 'reg.key@acme.test', role: 'DRIVER', password: 'Registered-2026' }],
    ];
    for (const key of [readKey, requestKey]) {
      for (const [method, url, body] of calls) {
        const res = await world.t.call(method, url, { token: key, body });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });

  it('is held to its scope on every route of the table', async () => {
    const someId = '00000000-0000-4000-8000-000000000000';
    const wrong: string[] = [];
    for (const scope of Object.keys(API_KEY_SCOPES) as ApiKeyScope[]) {
      const token = scope === 'read' ? readKey : requestKey;
      for (const route of allRoutes) {
        const params = Object.fromEntries([...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1] as string, someId]));
        const res = await world.t.call(route.method, `${API_BASE}${buildPath(route.path, params)}`, {
          token,
          body: route.body || route.rawBody ? {} : undefined,
        });
        const allowed = apiKeyMayCall(scope, route);
        if (allowed ? [401, 403].includes(res.statusCode) : res.statusCode !== 403) {
          wrong.push(`${scope} ${route.method} ${route.path}: ${res.statusCode} (${allowed ? 'allowed' : 'refused'} by the scope)`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('shows when a key was last used', async () => {
    const { apiKey, secret } = await createKey(world.token('orgadmin@acme.test'), 'Last used', 'read');
    expect((await world.t.call('GET', '/api/alerts', { token: secret })).statusCode).toBe(200);
    const listed = (await world.t.call('GET', '/api/api-keys', { token: world.token('orgadmin@acme.test') })).json<{ apiKeys: ApiKey[] }>()
      .apiKeys;
    expect(listed.find((k) => k.id === apiKey.id)?.lastUsedAt).not.toBeNull();
  });

  it('names the key in the audit entry of a request it raises', async () => {
    const raised = await world.t.call('POST', '/api/fuel-requests', { token: requestKey, body: fuelRequestBody() });
    const requestId = raised.json<{ request: { id: string } }>().request.id;
    const keyId = (await world.t.db.selectFrom('api_keys').select('id').where('name', '=', 'Dispatch system').executeTakeFirstOrThrow()).id;
    const audit = await world.t.call('GET', '/api/audit-log', { token: world.token('orgadmin@acme.test'), query: { entityId: requestId } });
    expect(audit.json<{ entries: unknown[] }>().entries).toEqual([
      expect.objectContaining({
        action: 'fuel_request.created',
        actor: expect.objectContaining({ role: 'ADMINISTRATOR' }),
        note: `Via API key "Dispatch system" (${keyId})`,
      }),
    ]);
  });
});

describe('revoking keys', () => {
  it('ends the key at once with 401 Invalid token, keeps it listed as revoked and audits it', async () => {
    const { apiKey, secret } = await createKey(world.token('orgadmin@acme.test'), 'Short lived', 'read');
    expect((await world.t.call('GET', '/api/vehicles', { token: secret })).statusCode).toBe(200);

    const res = await world.t.call('DELETE', `/api/api-keys/${apiKey.id}`, { token: world.token('orgadmin@acme.test') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ message: string; apiKey: ApiKey }>()).toMatchObject({ message: 'API key revoked', apiKey: { id: apiKey.id } });
    expect(res.json<{ apiKey: ApiKey }>().apiKey.revokedAt).not.toBeNull();

    const after = await world.t.call('GET', '/api/vehicles', { token: secret });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'INVALID_TOKEN', message: 'Invalid token' });

    const again = await world.t.call('DELETE', `/api/api-keys/${apiKey.id}`, { token: world.token('orgadmin@acme.test') });
    expect(again.statusCode).toBe(422);

    const audit = await world.t.call('GET', '/api/audit-log', {
      token: world.token('orgadmin@acme.test'),
      query: { entityId: apiKey.id, action: 'api_key.revoked' },
    });
    expect(audit.json<{ entries: Array<{ note: string }> }>().entries).toEqual([expect.objectContaining({ note: 'Short lived (read)' })]);
  });

  it('answers 401 Invalid token for an unknown key', async () => {
    const res = await world.t.call('GET', '/api/vehicles', { token: 'ff_live_not-a-key-at-all' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'Invalid token' });
  });

  it('does not let another organization’s admin, or another role, revoke a key', async () => {
    const { apiKey, secret } = await createKey(world.token('orgadmin@acme.test'), 'Guarded', 'read');
    expect((await world.t.call('DELETE', `/api/api-keys/${apiKey.id}`, { token: world.token('orgadmin@beta.test') })).statusCode).toBe(404);
    for (const email of ['asst@acme.test', 'driver@acme.test']) {
      const token = await world.t.login(email);
      expect((await world.t.call('DELETE', `/api/api-keys/${apiKey.id}`, { token })).statusCode, email).toBe(403);
    }
    expect((await world.t.call('GET', '/api/vehicles', { token: secret })).statusCode).toBe(200);
  });

  it('stops a key whose organization is no longer active', async () => {
    const { secret } = await createKey(world.token('orgadmin@beta.test'), 'Suspended org', 'read');
    const beta = await idOf('organizations', 'Beta Haulage');
    await world.t.db.updateTable('organizations').set({ status: 'SUSPENDED' }).where('id', '=', beta).execute();
    try {
      expect((await world.t.call('GET', '/api/vehicles', { token: secret })).statusCode).toBe(401);
    } finally {
      await world.t.db.updateTable('organizations').set({ status: 'ACTIVE' }).where('id', '=', beta).execute();
    }
  });
});
