import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEMO_PASSWORD } from '../../../test/harness.js';
import { USUAL_ACCOUNTS } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';

const world = useTestApp({
  signIn: [...USUAL_ACCOUNTS, 'attendant@unityfuels.test'],
  ids: async (_find, t) => {
    const ids: Record<string, string> = {};
    const rows = await t.db.selectFrom('users').select(['id', 'email']).execute();
    for (const row of rows) if (row.email) ids[row.email] = row.id;
    const orgs = await t.db.selectFrom('organizations').select(['id', 'name']).execute();
    for (const org of orgs) ids[org.name] = org.id;
    const stations = await t.db.selectFrom('fuel_stations').select(['id', 'name']).execute();
    for (const station of stations) ids[station.name] = station.id;
    return ids;
  },
});

const password = 'Fleet-Account-2026';

describe('who may reach /admin/users', () => {
  it.each(['asst@acme.test', 'driver@acme.test', 'attendant@unityfuels.test'])('%s gets 403 on every user call', async (email) => {
    const token = world.token(email);
    const target = world.ids['driver2@acme.test'];
    for (const [method, url, body] of [
      ['GET', '/api/admin/users', undefined],
      ['GET', `/api/admin/users/${target}`, undefined],
      ['POST', '/api/admin/users', { name: 'X', email: 'x@acme.test', password, role: 'DRIVER' }],
      ['PUT', `/api/admin/users/${target}`, { name: 'Y' }],
      ['DELETE', `/api/admin/users/${target}`, undefined],
    ] as const) {
      const res = await world.t.call(method, url, { token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });

  it('answers 401 without a token', async () => {
    expect((await world.t.call('GET', '/api/admin/users')).statusCode).toBe(401);
  });
});

describe('listing', () => {
  it('ADMIN sees every account, paginated, with meta', async () => {
    const res = await world.t.call('GET', '/api/admin/users', { token: world.token('admin@fleetfuel.test'), query: { pageSize: 4 } });
    expect(res.statusCode).toBe(200);
    const { users, meta } = res.json();
    expect(users).toHaveLength(4);
    expect(meta).toEqual({ page: 1, pageSize: 4, total: 10 });
    const page3 = await world.t.call('GET', '/api/admin/users', {
      token: world.token('admin@fleetfuel.test'),
      query: { pageSize: 4, page: 3 },
    });
    expect(page3.json().users).toHaveLength(2);
  });

  it('searches name, e-mail and phone, and filters by role and tenant', async () => {
    const token = world.token('admin@fleetfuel.test');
    const byName = await world.t.call('GET', '/api/admin/users', { token, query: { search: 'okafor' } });
    expect(byName.json().users.map((u: { email: string }) => u.email)).toEqual(['admin@fleetfuel.test']);
    const byPhone = await world.t.call('GET', '/api/admin/users', { token, query: { search: '0000009' } });
    expect(byPhone.json().users.map((u: { email: string }) => u.email)).toEqual(['attendant@unityfuels.test']);
    const literal = await world.t.call('GET', '/api/admin/users', { token, query: { search: '%' } });
    expect(literal.json().meta.total).toBe(0);
    const drivers = await world.t.call('GET', '/api/admin/users', {
      token,
      query: { role: 'DRIVER', organizationId: world.ids['Acme Logistics'] },
    });
    expect(
      drivers
        .json()
        .users.map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual(['driver2@acme.test', 'driver@acme.test']);
  });

  it('refuses a page size above 100 and unknown query keys with 400', async () => {
    const token = world.token('admin@fleetfuel.test');
    const big = await world.t.call('GET', '/api/admin/users', { token, query: { pageSize: 500 } });
    expect(big.statusCode).toBe(400);
    expect(big.json().field).toBe('pageSize');
    // `sort` is a key the list knows (issue 14); `sortBy` is not.
    const unknown = await world.t.call('GET', '/api/admin/users', { token, query: { sortBy: 'name' } });
    expect(unknown.statusCode).toBe(400);
  });

  it('an organization admin sees only its organization; a station rep only its station', async () => {
    const org = await world.t.call('GET', '/api/admin/users', { token: world.token('orgadmin@acme.test') });
    expect(org.statusCode).toBe(200);
    expect(new Set(org.json().users.map((u: { organization: { name: string } }) => u.organization.name))).toEqual(
      new Set(['Acme Logistics']),
    );
    const station = await world.t.call('GET', '/api/admin/users', { token: world.token('rep@unityfuels.test') });
    expect(
      station
        .json()
        .users.map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual(['attendant@unityfuels.test', 'rep@unityfuels.test']);
  });

  it('another tenant’s account answers 404 on get, edit and delete', async () => {
    const token = world.token('orgadmin@acme.test');
    const beta = world.ids['driver@beta.test'];
    expect((await world.t.call('GET', `/api/admin/users/${beta}`, { token })).statusCode).toBe(404);
    expect((await world.t.call('PUT', `/api/admin/users/${beta}`, { token, body: { name: 'Hijack' } })).statusCode).toBe(404);
    expect((await world.t.call('DELETE', `/api/admin/users/${beta}`, { token })).statusCode).toBe(404);
    const missing = await world.t.call('GET', '/api/admin/users/00000000-0000-4000-8000-000000000000', { token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', error: 'User not found' });
    const malformed = await world.t.call('GET', '/api/admin/users/not-a-uuid', { token });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('creating accounts', () => {
  it('ADMIN creates accounts of any role and must name the tenant of tenant roles', async () => {
    const token = world.token('admin@fleetfuel.test');
    const noOrg = await world.t.call('POST', '/api/admin/users', {
      token,
      body: { name: 'No Org', email: 'noorg@x.test', password, role: 'ADMINISTRATOR' },
    });
    expect(noOrg.statusCode).toBe(400);
    expect(noOrg.json()).toMatchObject({ field: 'organizationId', error: 'Choose an organization for this role' });

    const wrongTenant = await world.t.call('POST', '/api/admin/users', {
      token,
      body: { name: 'Mixed', email: 'mixed@x.test', password, role: 'ATTENDANT', organizationId: world.ids['Acme Logistics'] },
    });
    expect(wrongTenant.statusCode).toBe(400);

    const rep = await world.t.call('POST', '/api/admin/users', {
      token,
      body: {
        name: 'Yemi Rep',
        email: 'Yemi@Greenline.test',
        phone: '0703 111 2222',
        password,
        role: 'STATION_REP',
        fuelStationId: world.ids['Greenline Energy Lekki'],
      },
    });
    expect(rep.statusCode).toBe(200);
    expect(rep.json()).toMatchObject({
      email: 'yemi@greenline.test',
      phone: '+2347031112222',
      role: 'STATION_REP',
      fuelStation: { name: 'Greenline Energy Lekki' },
      organization: null,
    });
    expect(await world.t.login('07031112222', password)).toBeTruthy();
  });

  it('an organization admin creates assistants and drivers in its own organization only', async () => {
    const token = world.token('orgadmin@acme.test');
    const driver = await world.t.call('POST', '/api/admin/users', {
      token,
      body: { name: 'Kola Driver', email: 'kola@acme.test', password, role: 'DRIVER' },
    });
    expect(driver.statusCode).toBe(200);
    expect(driver.json().organizationId).toBe(world.ids['Acme Logistics']);

    const elsewhere = await world.t.call('POST', '/api/admin/users', {
      token,
      body: { name: 'Sneaky', email: 'sneaky@acme.test', password, role: 'DRIVER', organizationId: world.ids['Beta Haulage'] },
    });
    expect(elsewhere.statusCode).toBe(404);

    for (const role of ['ADMINISTRATOR', 'ADMIN', 'ATTENDANT', 'STATION_REP']) {
      const res = await world.t.call('POST', '/api/admin/users', {
        token,
        body: { name: 'Up', email: `up-${role}@acme.test`, password, role },
      });
      expect(res.statusCode, role).toBe(403);
    }
  });

  it('a station rep creates attendants of its own station only', async () => {
    const token = world.token('rep@unityfuels.test');
    const ok = await world.t.call('POST', '/api/admin/users', {
      token,
      body: { name: 'New Attendant', phone: '08099998888', password, role: 'ATTENDANT' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ fuelStation: { name: 'Unity Fuels Ikeja' }, email: null });
    const driver = await world.t.call('POST', '/api/admin/users', {
      token,
      body: { name: 'No', email: 'no@unity.test', password, role: 'DRIVER' },
    });
    expect(driver.statusCode).toBe(403);
  });

  it('validates fields with the spec’s messages and refuses duplicates with 409', async () => {
    const token = world.token('admin@fleetfuel.test');
    const body = { name: 'Dup', email: 'orgadmin@acme.test', password, role: 'ADMIN' };
    const dup = await world.t.call('POST', '/api/admin/users', { token, body });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'CONFLICT', field: 'email' });
    const dupPhone = await world.t.call('POST', '/api/admin/users', {
      token,
      body: { ...body, email: 'fresh@x.test', phone: '08030000002' },
    });
    expect(dupPhone.json()).toMatchObject({ code: 'CONFLICT', field: 'phone' });

    const noContact = await world.t.call('POST', '/api/admin/users', { token, body: { name: 'Ghost', password, role: 'ADMIN' } });
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().field).toBe('email');
    const badPhone = await world.t.call('POST', '/api/admin/users', {
      token,
      body: { name: 'P', phone: '12345', password, role: 'ADMIN' },
    });
    expect(badPhone.json()).toMatchObject({ field: 'phone', error: 'phone: Must be a valid Nigerian phone number' });
    const massAssign = await world.t.call('POST', '/api/admin/users', { token, body: { ...body, email: 'm@x.test', passwordHash: 'x' } });
    expect(massAssign.statusCode).toBe(400);
    expect(massAssign.json().error).toBe('Unknown field: passwordHash');
  });

  it('a suspended organization takes no new accounts', async () => {
    await sql`UPDATE organizations SET status = 'SUSPENDED' WHERE name = 'Beta Haulage'`.execute(world.t.db);
    try {
      const res = await world.t.call('POST', '/api/admin/users', {
        token: world.token('admin@fleetfuel.test'),
        body: { name: 'Late', email: 'late@beta.test', password, role: 'DRIVER', organizationId: world.ids['Beta Haulage'] },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'TENANT_READ_ONLY',
        error: 'Beta Haulage is suspended and read-only: no new accounts can be added',
      });
    } finally {
      await sql`UPDATE organizations SET status = 'ACTIVE' WHERE name = 'Beta Haulage'`.execute(world.t.db);
    }
  });

  it('holds the plan’s driver limit, also when two admins add the last driver at once', async () => {
    // Beta Haulage is on Starter (5 drivers) and has one: three more fit, then one slot is left.
    const token = world.token('orgadmin@beta.test');
    for (let i = 0; i < 3; i += 1) {
      const res = await world.t.call('POST', '/api/admin/users', {
        token,
        body: { name: `Driver ${i}`, email: `d${i}@beta.test`, password, role: 'DRIVER' },
      });
      expect(res.statusCode).toBe(200);
    }
    const racers = await Promise.all(
      ['race-a', 'race-b', 'race-c'].map((name) =>
        world.t.call('POST', '/api/admin/users', { token, body: { name, email: `${name}@beta.test`, password, role: 'DRIVER' } }),
      ),
    );
    const statuses = racers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 422, 422]);
    const refused = racers.find((r) => r.statusCode === 422);
    expect(refused?.json()).toMatchObject({
      code: 'LIMIT_REACHED',
      error: 'Your plan (Starter) allows 5 drivers and 5 are active. Upgrade the plan or disable a driver first.',
    });
    const count = await world.t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', world.ids['Beta Haulage'] as string)
      .where('role', '=', 'DRIVER')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(5);

    // Disabled drivers do not count, and re-enabling one past the limit is refused.
    const disabled = await world.t.call('PUT', `/api/admin/users/${world.ids['driver@beta.test']}`, {
      token,
      body: { status: 'INACTIVE' },
    });
    expect(disabled.statusCode).toBe(200);
    const fits = await world.t.call('POST', '/api/admin/users', {
      token,
      body: { name: 'Sixth', email: 'sixth@beta.test', password, role: 'DRIVER' },
    });
    expect(fits.statusCode).toBe(200);
    const reEnable = await world.t.call('PUT', `/api/admin/users/${world.ids['driver@beta.test']}`, { token, body: { status: 'ACTIVE' } });
    expect(reEnable.statusCode).toBe(422);
  });
});

describe('editing, disabling and deleting', () => {
  it('disabling an account ends its sessions and stops sign-in; enabling restores sign-in', async () => {
    const admin = world.token('admin@fleetfuel.test');
    const target = world.ids['asst@acme.test'];
    const victimToken = world.token('asst@acme.test');
    const res = await world.t.call('PUT', `/api/admin/users/${target}`, { token: admin, body: { status: 'INACTIVE' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('INACTIVE');
    expect((await world.t.call('GET', '/api/auth/me', { token: victimToken })).json().error).toBe('Invalid token');
    const signIn = await world.t.call('POST', '/api/auth/login', { body: { username: 'asst@acme.test', password: DEMO_PASSWORD } });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().code).toBe('ACCOUNT_INACTIVE');

    await world.t.call('PUT', `/api/admin/users/${target}`, { token: admin, body: { status: 'ACTIVE' } });
    await world.signIn('asst@acme.test');
  });

  it('edits fields, refuses role escalation and self-disable', async () => {
    const token = world.token('orgadmin@acme.test');
    const target = world.ids['driver2@acme.test'];
    const edited = await world.t.call('PUT', `/api/admin/users/${target}`, {
      token,
      body: { name: 'Chinedu Obi Jr', title: 'Senior Driver' },
    });
    expect(edited.json()).toMatchObject({ name: 'Chinedu Obi Jr', title: 'Senior Driver', role: 'DRIVER' });
    const escalate = await world.t.call('PUT', `/api/admin/users/${target}`, { token, body: { role: 'ADMINISTRATOR' } });
    expect(escalate.statusCode).toBe(403);
    const self = await world.t.call('PUT', `/api/admin/users/${world.ids['orgadmin@acme.test']}`, { token, body: { status: 'INACTIVE' } });
    expect(self.statusCode).toBe(403);
    const peer = await world.t.call('PUT', `/api/admin/users/${world.ids['orgadmin@acme.test']}`, {
      token: world.token('asst@acme.test'),
      body: { name: 'x' },
    });
    expect(peer.statusCode).toBe(403);
  });

  it('an admin setting a new password ends that user’s sessions', async () => {
    const target = world.ids['attendant@unityfuels.test'];
    const before = world.token('attendant@unityfuels.test');
    const res = await world.t.call('PUT', `/api/admin/users/${target}`, {
      token: world.token('rep@unityfuels.test'),
      body: { password: 'Pump-Number-Nine' },
    });
    expect(res.statusCode).toBe(200);
    expect((await world.t.call('GET', '/api/auth/me', { token: before })).statusCode).toBe(401);
    // The file's other tests, whichever run after this one, use the attendant's new session.
    const after = await world.signIn('attendant@unityfuels.test', 'Pump-Number-Nine');
    expect(after).toBeTruthy();
  });

  it('deletes an account without history and refuses one that has signed in', async () => {
    const admin = world.token('admin@fleetfuel.test');
    const fresh = await world.t.call('POST', '/api/admin/users', {
      token: admin,
      body: { name: 'Temp Person', email: 'temp@acme.test', password, role: 'DRIVER', organizationId: world.ids['Acme Logistics'] },
    });
    const del = await world.t.call('DELETE', `/api/admin/users/${fresh.json().id}`, { token: admin });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Temp Person was deleted');
    expect((await world.t.call('GET', `/api/admin/users/${fresh.json().id}`, { token: admin })).statusCode).toBe(404);

    const withHistory = await world.t.call('DELETE', `/api/admin/users/${world.ids['driver@acme.test']}`, { token: admin });
    expect(withHistory.statusCode).toBe(409);
    expect(withHistory.json()).toMatchObject({ code: 'HAS_HISTORY' });
    expect(withHistory.json().error).toMatch(/Disable it instead/);
  });
});
