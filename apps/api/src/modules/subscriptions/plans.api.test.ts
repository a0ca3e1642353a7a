import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-world.js';

const world = useTestApp({ signIn: ['admin@fleetfuel.test'] });

describe('subscription plans', () => {
  it('creates a plan with a 30-day default cycle and unlimited (0) limits, amounts in naira', async () => {
    const res = await world.t.call('POST', '/api/subscriptions', {
      token: world.token('admin@fleetfuel.test'),
      body: { name: 'Fleet Pro', amount: 120000.5, driversLimit: 40 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Fleet Pro plan created',
      subscription: {
        name: 'Fleet Pro',
        circle: 30,
        amount: 120000.5,
        driversLimit: 40,
        assetsLimit: 0,
        fuelRequestLimit: 0,
        status: 'ACTIVE',
        isDefault: false,
      },
    });
    const stored = await world.t.db
      .selectFrom('subscription_plans')
      .select('amount_kobo')
      .where('name', '=', 'Fleet Pro')
      .executeTakeFirstOrThrow();
    expect(stored.amount_kobo).toBe('12000050');
  });

  it('validates amounts and limits with clear messages', async () => {
    const noAmount = await world.t.call('POST', '/api/subscriptions', {
      token: world.token('admin@fleetfuel.test'),
      body: { name: 'Free' },
    });
    expect(noAmount.json()).toMatchObject({ field: 'amount', error: 'amount: Please enter valid amount' });
    const fraction = await world.t.call('POST', '/api/subscriptions', {
      token: world.token('admin@fleetfuel.test'),
      body: { name: 'Odd', amount: 10.555 },
    });
    expect(fraction.json().field).toBe('amount');
    const negative = await world.t.call('POST', '/api/subscriptions', {
      token: world.token('admin@fleetfuel.test'),
      body: { name: 'Neg', amount: 1, assetsLimit: -1 },
    });
    expect(negative.json()).toMatchObject({ field: 'assetsLimit', error: 'assetsLimit: Must be at least 0' });
    const dup = await world.t.call('POST', '/api/subscriptions', {
      token: world.token('admin@fleetfuel.test'),
      body: { name: 'starter', amount: 1 },
    });
    expect(dup.statusCode).toBe(409);
  });

  it('edits a plan, moves the default, and keeps the default active', async () => {
    const list = await world.t.call('GET', '/api/subscriptions', { token: world.token('admin@fleetfuel.test') });
    const business = list.json().subscriptions.find((p: { name: string }) => p.name === 'Business');
    expect(business.organizationsCount).toBe(1);
    const res = await world.t.call('PUT', `/api/subscriptions/${business.id}`, {
      token: world.token('admin@fleetfuel.test'),
      body: { isDefault: true, circle: 90 },
    });
    expect(res.json()).toMatchObject({ message: 'Business plan updated', subscription: { isDefault: true, circle: 90 } });
    const defaults = await world.t.db.selectFrom('subscription_plans').select('name').where('is_default', '=', true).execute();
    expect(defaults.map((d) => d.name)).toEqual(['Business']);
    const deactivate = await world.t.call('PUT', `/api/subscriptions/${business.id}`, {
      token: world.token('admin@fleetfuel.test'),
      body: { status: 'INACTIVE' },
    });
    expect(deactivate.statusCode).toBe(422);
  });

  it('organization admins read only active plans and cannot write; others cannot read', async () => {
    const enterprise = await world.t.db
      .selectFrom('subscription_plans')
      .select('id')
      .where('name', '=', 'Enterprise')
      .executeTakeFirstOrThrow();
    await world.t.call('PUT', `/api/subscriptions/${enterprise.id}`, {
      token: world.token('admin@fleetfuel.test'),
      body: { status: 'INACTIVE' },
    });
    const adminList = await world.t.call('GET', '/api/subscriptions', {
      token: world.token('admin@fleetfuel.test'),
      query: { status: 'INACTIVE' },
    });
    expect(adminList.json().subscriptions.map((p: { name: string }) => p.name)).toEqual(['Enterprise']);

    const orgAdmin = await world.t.login('orgadmin@acme.test');
    const visible = await world.t.call('GET', '/api/subscriptions', { token: orgAdmin, query: { status: 'INACTIVE' } });
    expect(visible.json().subscriptions.map((p: { name: string }) => p.name)).not.toContain('Enterprise');
    expect((await world.t.call('POST', '/api/subscriptions', { token: orgAdmin, body: { name: 'Mine', amount: 1 } })).statusCode).toBe(403);
    expect((await world.t.call('PUT', `/api/subscriptions/${enterprise.id}`, { token: orgAdmin, body: { amount: 1 } })).statusCode).toBe(
      403,
    );
    for (const email of ['driver@acme.test', 'rep@unityfuels.test', 'attendant@unityfuels.test']) {
      expect((await world.t.call('GET', '/api/subscriptions', { token: await world.t.login(email) })).statusCode, email).toBe(403);
    }
    expect(
      (
        await world.t.call('PUT', '/api/subscriptions/00000000-0000-4000-8000-000000000000', {
          token: world.token('admin@fleetfuel.test'),
          body: { amount: 1 },
        })
      ).statusCode,
    ).toBe(404);
  });
});
