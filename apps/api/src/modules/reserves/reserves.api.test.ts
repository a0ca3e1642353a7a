import { describe, expect, it } from 'vitest';
import { USUAL_ACCOUNTS } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';

const world = useTestApp({
  signIn: USUAL_ACCOUNTS,
});

/** `POST /fuel-reserves` as `email`: a request for a reserve of `body.amount` of `body.fuelType`. */
const requestReserve = (email: string, body: Record<string, unknown>) =>
  world.t.call('POST', '/api/fuel-reserves', { token: world.token(email), body });

describe('fuel reserves', () => {
  it('an assistant requests, the organization admin approves, and Billing sums what remains per fuel type', async () => {
    const created = await requestReserve('asst@acme.test', { fuelType: 'DIESEL', amount: 1500, note: 'Q1 haulage' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      message: 'Reserve of 1,500 L of DIESEL requested',
      reserve: { status: 'PENDING', unit: 'L', remaining: 1500, requestedBy: { name: 'Ngozi Eze' } },
    });
    const id = created.json().reserve.id;

    expect((await world.t.call('PATCH', `/api/fuel-reserves/${id}`, { token: world.token('asst@acme.test'), body: {} })).statusCode).toBe(
      403,
    );
    const approved = await world.t.call('PATCH', `/api/fuel-reserves/${id}`, { token: world.token('orgadmin@acme.test'), body: {} });
    expect(approved.json()).toMatchObject({
      message: 'Reserve approved: 1,500 L of DIESEL',
      reserve: { status: 'ACTIVE', approvedBy: { name: 'Tunde Bakare' } },
    });
    const again = await world.t.call('PATCH', `/api/fuel-reserves/${id}`, {
      token: world.token('orgadmin@acme.test'),
      body: { status: 'ACTIVE' },
    });
    expect(again.statusCode).toBe(422);

    await requestReserve('orgadmin@acme.test', { fuelType: 'CNG', amount: '300' });
    const list = await world.t.call('GET', '/api/fuel-reserves', { token: world.token('asst@acme.test') });
    const summary = Object.fromEntries(list.json().summary.map((s: { fuelType: string }) => [s.fuelType, s]));
    expect(summary.DIESEL).toMatchObject({ remaining: 1500, total: 1500, pending: 0, unit: 'L' });
    expect(summary.CNG).toMatchObject({ remaining: 0, pending: 300, unit: 'kg' });
  });

  it('validates the amount and the fuel type', async () => {
    const empty = await requestReserve('orgadmin@acme.test', { fuelType: 'PETROL', amount: '' });
    expect(empty.json()).toMatchObject({ field: 'amount', error: 'amount: Please enter valid amount' });
    const hybrid = await requestReserve('orgadmin@acme.test', { fuelType: 'HYBRID', amount: 10 });
    expect(hybrid.json().field).toBe('fuelType');
  });

  it('keeps organizations apart; drivers and stations have no reserves', async () => {
    // A reserve of each organization's own (PETROL: not the fuels the first test sums).
    const reserveOf = async (email: string) => {
      const res = await requestReserve(email, { fuelType: 'PETROL', amount: 100 });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().reserve.id as string;
    };
    const acme = await reserveOf('orgadmin@acme.test');
    await reserveOf('orgadmin@beta.test');
    expect(
      (await world.t.call('PATCH', `/api/fuel-reserves/${acme}`, { token: world.token('orgadmin@beta.test'), body: {} })).statusCode,
    ).toBe(404);
    expect(
      (await world.t.call('GET', '/api/fuel-reserves', { token: world.token('orgadmin@beta.test') }))
        .json()
        .reserves.map((r: { id: string }) => r.id),
    ).not.toContain(acme);
    const all = await world.t.call('GET', '/api/fuel-reserves', { token: world.token('admin@fleetfuel.test') });
    expect(all.json().meta.total).toBeGreaterThanOrEqual(2);
    for (const email of ['driver@acme.test', 'rep@unityfuels.test']) {
      expect((await world.t.call('GET', '/api/fuel-reserves', { token: world.token(email) })).statusCode).toBe(403);
    }
    const declined = await requestReserve('orgadmin@beta.test', { fuelType: 'PETROL', amount: 40 });
    const decline = await world.t.call('PATCH', `/api/fuel-reserves/${declined.json().reserve.id}`, {
      token: world.token('orgadmin@beta.test'),
      body: { status: 'INACTIVE' },
    });
    expect(decline.json()).toMatchObject({ message: 'Reserve declined: 40 L of PETROL', reserve: { status: 'INACTIVE' } });
  });
});
