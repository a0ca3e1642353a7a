import { describe, expect, it } from 'vitest';
import { idsByName } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';

const world = useTestApp({
  signIn: ['orgadmin@acme.test'],
  // Groups' and organizations' ids by name.
  ids: async (_find, t) => ({ ...(await idsByName(t, 'departments')), ...(await idsByName(t, 'organizations')) }),
});

describe('groups', () => {
  it('lists the organization’s groups with counts', async () => {
    const res = await world.t.call('GET', '/api/departments', { token: world.token('orgadmin@acme.test') });
    expect(res.json().meta.total).toBe(3);
    const operations = res.json().data.find((g: { name: string }) => g.name === 'Operations');
    expect(operations).toMatchObject({ maxDailyConsumption: 200, vehiclesCount: 2, driversCount: 1, status: 'ACTIVE' });
  });

  it('creates, renames and deletes an empty group; refuses one with members', async () => {
    const created = await world.t.call('POST', '/api/departments', {
      token: world.token('orgadmin@acme.test'),
      body: { name: 'Night Shift', maxDailyConsumption: 150.5, status: 'ACTIVE' },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ name: 'Night Shift', maxDailyConsumption: 150.5, organizationId: world.ids['Acme Logistics'] });
    const dup = await world.t.call('POST', '/api/departments', { token: world.token('orgadmin@acme.test'), body: { name: 'night shift' } });
    expect(dup.statusCode).toBe(409);
    const renamed = await world.t.call('PUT', `/api/departments/${created.json().id}`, {
      token: world.token('orgadmin@acme.test'),
      body: { name: 'Night Ops', maxDailyConsumption: '' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Night Ops', maxDailyConsumption: 0 });
    expect(
      (await world.t.call('DELETE', `/api/departments/${created.json().id}`, { token: world.token('orgadmin@acme.test') })).statusCode,
    ).toBe(200);
    const refused = await world.t.call('DELETE', `/api/departments/${world.ids.Operations}`, { token: world.token('orgadmin@acme.test') });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/set the group INACTIVE/);
    const negative = await world.t.call('POST', '/api/departments', {
      token: world.token('orgadmin@acme.test'),
      body: { name: 'Neg', maxDailyConsumption: -1 },
    });
    expect(negative.json().field).toBe('maxDailyConsumption');
  });

  it('ADMIN names the organization; others cannot reach another organization’s groups', async () => {
    const admin = await world.t.login('admin@fleetfuel.test');
    const missing = await world.t.call('POST', '/api/departments', { token: admin, body: { name: 'Orphan' } });
    expect(missing.json().field).toBe('organizationId');
    const ok = await world.t.call('POST', '/api/departments', {
      token: admin,
      body: { name: 'Audit', organizationId: world.ids['Beta Haulage'] },
    });
    expect(ok.json().organization.name).toBe('Beta Haulage');
    expect(
      (await world.t.call('GET', `/api/departments/${world.ids.Haulage}`, { token: world.token('orgadmin@acme.test') })).statusCode,
    ).toBe(404);
    expect(
      (
        await world.t.call('PUT', `/api/departments/${world.ids.Haulage}`, {
          token: world.token('orgadmin@acme.test'),
          body: { name: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await world.t.call('POST', '/api/departments', {
          token: world.token('orgadmin@acme.test'),
          body: { name: 'x', organizationId: world.ids['Beta Haulage'] },
        })
      ).statusCode,
    ).toBe(404);
    const driver = await world.t.login('driver@acme.test');
    expect((await world.t.call('GET', '/api/departments', { token: driver })).statusCode).toBe(403);
  });
});
