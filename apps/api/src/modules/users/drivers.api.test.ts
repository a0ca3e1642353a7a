import { describe, expect, it } from 'vitest';
import { USUAL_ACCOUNTS } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';
import { multipart, png } from '../../../test/multipart.js';

const world = useTestApp({
  signIn: USUAL_ACCOUNTS,
  ids: async (_find, t) => {
    const ids: Record<string, string> = {};
    for (const row of await t.db.selectFrom('users').select(['id', 'email']).execute()) if (row.email) ids[row.email] = row.id;
    for (const row of await t.db.selectFrom('departments').select(['id', 'name']).execute()) ids[row.name] = row.id;
    for (const row of await t.db.selectFrom('organizations').select(['id', 'name']).execute()) ids[row.name] = row.id;
    return ids;
  },
});

describe('drivers', () => {
  it('lists the organization’s drivers with vehicle and group, and those without a vehicle', async () => {
    const res = await world.t.call('GET', '/api/drivers', { token: world.token('asst@acme.test') });
    expect(res.statusCode).toBe(200);
    const musa = res.json().data.find((d: { email: string }) => d.email === 'driver@acme.test');
    expect(musa).toMatchObject({
      role: 'DRIVER',
      vehicle: { plateNumber: 'LND-451-KJ' },
      department: { name: 'Operations' },
      organization: { name: 'Acme Logistics' },
    });
    const free = await world.t.call('GET', '/api/drivers', { token: world.token('admin@fleetfuel.test'), query: { unassigned: 'true' } });
    // The demo's one driver without a vehicle, among any the file's other tests added; none with one.
    const freeRows = free.json().data as Array<{ email: string | null; vehicle: unknown }>;
    expect(freeRows.map((d) => d.email)).toContain('driver@beta.test');
    expect(freeRows.map((d) => d.email)).not.toContain('driver@acme.test');
    expect(freeRows.filter((d) => d.vehicle !== null)).toEqual([]);
    const search = await world.t.call('GET', '/api/drivers', { token: world.token('orgadmin@acme.test'), query: { search: 'chinedu' } });
    expect(search.json().meta.total).toBe(1);
  });

  it('an assistant admin adds a driver with an avatar and a group; the driver can sign in', async () => {
    const { body, headers } = multipart({
      name: 'Yakubu Garba',
      phone: '0809 123 4567',
      password: 'Yakubu-Drives-2026',
      departmentId: world.ids.Logistics as string,
      image: png('face.png'),
    });
    const res = await world.t.call('POST', '/api/drivers', { token: world.token('asst@acme.test'), body, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'DRIVER', phone: '+2348091234567', department: { name: 'Logistics' }, vehicle: null });
    expect(res.json().imageUrl).toMatch(/^\/api\/files\/user-avatar-/);
    expect(await world.t.login('08091234567', 'Yakubu-Drives-2026')).toBeTruthy();

    const wrongGroup = await world.t.call('POST', '/api/drivers', {
      token: world.token('orgadmin@acme.test'),
      body: { name: 'X', email: 'x@acme.test', password: 'Yakubu-Drives-2026', departmentId: world.ids.Haulage },
    });
    expect(wrongGroup.json()).toMatchObject({ field: 'departmentId' });
    const role = await world.t.call('POST', '/api/drivers', {
      token: world.token('orgadmin@acme.test'),
      body: { name: 'X', email: 'y@acme.test', password: 'Yakubu-Drives-2026', role: 'ADMIN' },
    });
    expect(role.json().error).toBe('Unknown field: role');
  });

  it('moves a driver between groups, removes it from one, and refuses deleting a driver with history', async () => {
    const token = world.token('orgadmin@acme.test');
    const moved = await world.t.call('PUT', `/api/drivers/${world.ids['driver2@acme.test']}`, {
      token,
      body: { departmentId: world.ids.Logistics },
    });
    expect(moved.json().department).toMatchObject({ name: 'Logistics' });
    const removed = await world.t.call('PATCH', `/api/departments/${world.ids.Logistics}/unassign-driver`, {
      token,
      body: { driverId: world.ids['driver2@acme.test'] },
    });
    expect(removed.statusCode).toBe(200);
    expect((await world.t.call('GET', `/api/drivers/${world.ids['driver2@acme.test']}`, { token })).json().department).toBeNull();
    const notMember = await world.t.call('PATCH', `/api/departments/${world.ids.Logistics}/unassign-driver`, {
      token,
      body: { driverId: world.ids['driver2@acme.test'] },
    });
    expect(notMember.statusCode).toBe(400);

    const refused = await world.t.call('DELETE', `/api/drivers/${world.ids['driver2@acme.test']}`, { token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/Disable it instead/);
    const fresh = await world.t.call('POST', '/api/drivers', {
      token,
      body: { name: 'Temp', email: 'temp-driver@acme.test', password: 'Temporary-2026' },
    });
    expect((await world.t.call('DELETE', `/api/drivers/${fresh.json().id}`, { token })).statusCode).toBe(200);
  });

  it('holds the driver limit at its boundary through /drivers too', async () => {
    const token = world.token('orgadmin@beta.test');
    for (let i = 0; i < 4; i += 1) {
      const res = await world.t.call('POST', '/api/drivers', {
        token,
        body: { name: `Beta ${i}`, email: `beta${i}@beta.test`, password: 'Beta-Driver-2026' },
      });
      expect(res.statusCode).toBe(200);
    }
    const over = await world.t.call('POST', '/api/drivers', {
      token,
      body: { name: 'Beta 5', email: 'beta5@beta.test', password: 'Beta-Driver-2026' },
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().error).toMatch(/allows 5 drivers and 5 are active/);
  });

  it('other tenants’ drivers and non-drivers answer 404; drivers and station roles get 403', async () => {
    const token = world.token('orgadmin@acme.test');
    expect((await world.t.call('GET', `/api/drivers/${world.ids['driver@beta.test']}`, { token })).statusCode).toBe(404);
    expect((await world.t.call('PUT', `/api/drivers/${world.ids['driver@beta.test']}`, { token, body: { name: 'x' } })).statusCode).toBe(
      404,
    );
    expect((await world.t.call('GET', `/api/drivers/${world.ids['asst@acme.test']}`, { token })).statusCode).toBe(404);
    expect((await world.t.call('GET', '/api/drivers', { token, query: { organizationId: world.ids['Beta Haulage'] } })).statusCode).toBe(
      200,
    );
    for (const email of ['driver@acme.test', 'rep@unityfuels.test']) {
      expect((await world.t.call('GET', '/api/drivers', { token: world.token(email) })).statusCode).toBe(403);
    }
  });
});
