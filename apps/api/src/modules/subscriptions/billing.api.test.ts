import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setAvailable } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';

/** Beta's wallet. */
let walletId: string;
const world = useTestApp({
  signIn: ['orgadmin@beta.test', 'asst@acme.test'],
  setUp: async ({ t, token }) => {
    walletId = (await t.call('GET', '/api/wallet', { token: token('orgadmin@beta.test') })).json().wallet.id;
  },
});

const nextBilling = async () =>
  (await world.t.db.selectFrom('organizations').select('next_billing').where('name', '=', 'Beta Haulage').executeTakeFirstOrThrow())
    .next_billing as Date;

/** Beta back on the demo's Starter plan (the card test moves it to Business), and `naira` available in its wallet. */
async function starterWith(naira: number) {
  const starter = await world.t.db.selectFrom('subscription_plans').select('id').where('name', '=', 'Starter').executeTakeFirstOrThrow();
  await world.t.db.updateTable('organizations').set({ subscription_plan_id: starter.id }).where('name', '=', 'Beta Haulage').execute();
  await setAvailable(world.t, await world.t.login('admin@fleetfuel.test'), walletId, naira);
}

describe('the current subscription', () => {
  it('shows the plan, the dates and usage against each limit', async () => {
    await starterWith(0);
    const res = await world.t.call('GET', '/api/subscriptions/current', { token: world.token('orgadmin@beta.test') });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({
      plan: { name: 'Starter', amount: 25000, driversLimit: 5, assetsLimit: 10 },
      expired: false,
      canRenew: false,
      usage: { drivers: { used: 1, limit: 5 }, assets: { used: 3, limit: 10 } },
    });
    const acme = await world.t.call('GET', '/api/subscriptions/current', { token: world.token('asst@acme.test') });
    expect(acme.json().subscription.plan.name).toBe('Business');
    const admin = await world.t.login('admin@fleetfuel.test');
    // The platform admin has no organization: it is asked to choose one.
    const unnamed = await world.t.call('GET', '/api/subscriptions/current', { token: admin });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'organizationId', error: 'Choose an organization' });
  });
});

describe('renewing', () => {
  it('is refused before nextBilling has passed', async () => {
    const res = await world.t.call('POST', '/api/subscriptions/renew', { token: world.token('orgadmin@beta.test'), body: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatch(/it can be renewed once that date has passed/);
    expect(
      (await world.t.call('POST', '/api/wallet/make-purchase', { token: world.token('orgadmin@beta.test'), body: {} })).statusCode,
    ).toBe(422);
  });

  it('once expired: refused without money, then paid from the wallet, starting the next cycle from now', async () => {
    await starterWith(0);
    await sql`UPDATE organizations SET next_billing = now() - interval '3 days' WHERE name = 'Beta Haulage'`.execute(world.t.db);
    const current = (await world.t.call('GET', '/api/subscriptions/current', { token: world.token('orgadmin@beta.test') })).json()
      .subscription;
    expect(current).toMatchObject({ expired: true, canRenew: true });

    const broke = await world.t.call('POST', '/api/subscriptions/renew', { token: world.token('orgadmin@beta.test'), body: {} });
    expect(broke.statusCode).toBe(422);
    expect(broke.json().error).toBe(
      'The wallet has ₦0.00 available and the Starter plan costs ₦25,000.00. Fund the wallet or pay by card.',
    );

    const admin = await world.t.login('admin@fleetfuel.test');
    await world.t.call('POST', `/api/wallet/${walletId}/create-transaction`, {
      token: admin,
      body: { amount: 30000, type: 'CREDIT', note: 'Promotion' },
    });
    const renewed = await world.t.call('POST', '/api/subscriptions/renew', { token: world.token('orgadmin@beta.test'), body: {} });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().subscription).toMatchObject({ expired: false, canRenew: false });
    const days = ((await nextBilling()).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect((await world.t.call('GET', '/api/wallet', { token: world.token('orgadmin@beta.test') })).json().wallet.balance).toBe(5000);
    const tx = (await world.t.call('GET', `/api/wallet/transactions/${walletId}`, { token: world.token('orgadmin@beta.test') })).json()
      .transactions[0];
    expect(tx).toMatchObject({ type: 'SUBSCRIPTION', amount: -25000 });
  });

  it('by card: make-purchase opens a checkout and the paid webhook renews onto the chosen plan', async () => {
    await starterWith(5000);
    await sql`UPDATE organizations SET next_billing = now() - interval '1 day' WHERE name = 'Beta Haulage'`.execute(world.t.db);
    const business = await world.t.db
      .selectFrom('subscription_plans')
      .select('id')
      .where('name', '=', 'Business')
      .executeTakeFirstOrThrow();
    const res = await world.t.call('POST', '/api/wallet/make-purchase', {
      token: world.token('orgadmin@beta.test'),
      body: { subscriptionId: business.id },
    });
    expect(res.statusCode).toBe(200);
    const { reference } = res.json();
    await world.t.call('POST', `/api/payments/sandbox/checkout/${reference}`, {
      body: 'outcome=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await world.t.app.background.idle();
    const current = (await world.t.call('GET', '/api/subscriptions/current', { token: world.token('orgadmin@beta.test') })).json()
      .subscription;
    expect(current).toMatchObject({ plan: { name: 'Business' }, expired: false });
    // The card money passed through the wallet into the subscription: the balance is unchanged.
    expect((await world.t.call('GET', '/api/wallet', { token: world.token('orgadmin@beta.test') })).json().wallet.balance).toBe(5000);
  });

  it('only the organization admin renews', async () => {
    expect((await world.t.call('POST', '/api/subscriptions/renew', { token: world.token('asst@acme.test'), body: {} })).statusCode).toBe(
      403,
    );
    expect((await world.t.call('POST', '/api/wallet/make-purchase', { token: world.token('asst@acme.test'), body: {} })).statusCode).toBe(
      403,
    );
  });
});
