import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
const ids: Record<string, string> = {};
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('orgadmin@acme.test');
  for (const row of await t.db.selectFrom('departments').select(['id', 'name']).execute()) ids[row.name] = row.id;
  for (const row of await t.db.selectFrom('organizations').select(['id', 'name']).execute()) ids[row.name] = row.id;
});
afterAll(async () => t.close());

describe('groups', () => {
  it('lists the organization’s groups with counts', async () => {
    const res = await t.call('GET', '/api/departments', { token });
    expect(res.json().meta.total).toBe(3);
    const operations = res.json().data.find((g: { name: string }) => g.name === 'Operations');
    expect(operations).toMatchObject({ maxDailyConsumption: 200, vehiclesCount: 2, driversCount: 1, status: 'ACTIVE' });
  });

  it('creates, renames and deletes an empty group; refuses one with members', async () => {
    const created = await t.call('POST', '/api/departments', {
      token,
      body: { name: 'Night Shift', maxDailyConsumption: 150.5, status: 'ACTIVE' },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ name: 'Night Shift', maxDailyConsumption: 150.5, organizationId: ids['Acme Logistics'] });
    const dup = await t.call('POST', '/api/departments', { token, body: { name: 'night shift' } });
    expect(dup.statusCode).toBe(409);
    const renamed = await t.call('PUT', `/api/departments/${created.json().id}`, {
      token,
      body: { name: 'Night Ops', maxDailyConsumption: '' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Night Ops', maxDailyConsumption: 0 });
    expect((await t.call('DELETE', `/api/departments/${created.json().id}`, { token })).statusCode).toBe(200);
    const refused = await t.call('DELETE', `/api/departments/${ids.Operations}`, { token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/set the group INACTIVE/);
    const negative = await t.call('POST', '/api/departments', { token, body: { name: 'Neg', maxDailyConsumption: -1 } });
    expect(negative.json().field).toBe('maxDailyConsumption');
  });

  it('ADMIN names the organization; others cannot reach another organization’s groups', async () => {
    const admin = await t.login('admin@fleetfuel.test');
    const missing = await t.call('POST', '/api/departments', { token: admin, body: { name: 'Orphan' } });
    expect(missing.json().field).toBe('organizationId');
    const ok = await t.call('POST', '/api/departments', { token: admin, body: { name: 'Audit', organizationId: ids['Beta Haulage'] } });
    expect(ok.json().organization.name).toBe('Beta Haulage');
    expect((await t.call('GET', `/api/departments/${ids.Haulage}`, { token })).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/departments/${ids.Haulage}`, { token, body: { name: 'x' } })).statusCode).toBe(404);
    expect((await t.call('POST', '/api/departments', { token, body: { name: 'x', organizationId: ids['Beta Haulage'] } })).statusCode).toBe(
      404,
    );
    const driver = await t.login('driver@acme.test');
    expect((await t.call('GET', '/api/departments', { token: driver })).statusCode).toBe(403);
  });
});
