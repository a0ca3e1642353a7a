import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { signInAll } from '../../../test/demo-world.js';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  Object.assign(
    tokens,
    await signInAll(t, [
      'admin@fleetfuel.test',
      'orgadmin@acme.test',
      'asst@acme.test',
      'driver@acme.test',
      'orgadmin@beta.test',
      'rep@unityfuels.test',
    ]),
  );
});
afterAll(async () => t.close());

describe('fuel reserves', () => {
  it('an assistant requests, the organization admin approves, and Billing sums what remains per fuel type', async () => {
    const created = await t.call('POST', '/api/fuel-reserves', {
      token: tokens['asst@acme.test'],
      body: { fuelType: 'DIESEL', amount: 1500, note: 'Q1 haulage' },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      message: 'Reserve of 1,500 L of DIESEL requested',
      reserve: { status: 'PENDING', unit: 'L', remaining: 1500, requestedBy: { name: 'Ngozi Eze' } },
    });
    const id = created.json().reserve.id;

    expect((await t.call('PATCH', `/api/fuel-reserves/${id}`, { token: tokens['asst@acme.test'], body: {} })).statusCode).toBe(403);
    const approved = await t.call('PATCH', `/api/fuel-reserves/${id}`, { token: tokens['orgadmin@acme.test'], body: {} });
    expect(approved.json()).toMatchObject({
      message: 'Reserve approved: 1,500 L of DIESEL',
      reserve: { status: 'ACTIVE', approvedBy: { name: 'Tunde Bakare' } },
    });
    const again = await t.call('PATCH', `/api/fuel-reserves/${id}`, { token: tokens['orgadmin@acme.test'], body: { status: 'ACTIVE' } });
    expect(again.statusCode).toBe(422);

    await t.call('POST', '/api/fuel-reserves', { token: tokens['orgadmin@acme.test'], body: { fuelType: 'CNG', amount: '300' } });
    const list = await t.call('GET', '/api/fuel-reserves', { token: tokens['asst@acme.test'] });
    const summary = Object.fromEntries(list.json().summary.map((s: { fuelType: string }) => [s.fuelType, s]));
    expect(summary.DIESEL).toMatchObject({ remaining: 1500, total: 1500, pending: 0, unit: 'L' });
    expect(summary.CNG).toMatchObject({ remaining: 0, pending: 300, unit: 'kg' });
  });

  it('validates the amount and the fuel type', async () => {
    const empty = await t.call('POST', '/api/fuel-reserves', {
      token: tokens['orgadmin@acme.test'],
      body: { fuelType: 'PETROL', amount: '' },
    });
    expect(empty.json()).toMatchObject({ field: 'amount', error: 'amount: Please enter valid amount' });
    const hybrid = await t.call('POST', '/api/fuel-reserves', {
      token: tokens['orgadmin@acme.test'],
      body: { fuelType: 'HYBRID', amount: 10 },
    });
    expect(hybrid.json().field).toBe('fuelType');
  });

  it('keeps organizations apart; drivers and stations have no reserves', async () => {
    const acme = (await t.call('GET', '/api/fuel-reserves', { token: tokens['orgadmin@acme.test'] })).json().reserves[0].id;
    expect((await t.call('PATCH', `/api/fuel-reserves/${acme}`, { token: tokens['orgadmin@beta.test'], body: {} })).statusCode).toBe(404);
    expect(
      (await t.call('GET', '/api/fuel-reserves', { token: tokens['orgadmin@beta.test'] })).json().reserves.map((r: { id: string }) => r.id),
    ).not.toContain(acme);
    const all = await t.call('GET', '/api/fuel-reserves', { token: tokens['admin@fleetfuel.test'] });
    expect(all.json().meta.total).toBeGreaterThanOrEqual(2);
    for (const email of ['driver@acme.test', 'rep@unityfuels.test']) {
      expect((await t.call('GET', '/api/fuel-reserves', { token: tokens[email] })).statusCode).toBe(403);
    }
    const declined = await t.call('POST', '/api/fuel-reserves', {
      token: tokens['orgadmin@beta.test'],
      body: { fuelType: 'PETROL', amount: 40 },
    });
    const decline = await t.call('PATCH', `/api/fuel-reserves/${declined.json().reserve.id}`, {
      token: tokens['orgadmin@beta.test'],
      body: { status: 'INACTIVE' },
    });
    expect(decline.json()).toMatchObject({ message: 'Reserve declined: 40 L of PETROL', reserve: { status: 'INACTIVE' } });
  });
});
