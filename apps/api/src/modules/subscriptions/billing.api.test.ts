import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let orgAdmin: string;
let asst: string;
let walletId: string;
beforeAll(async () => {
  t = await createTestApp();
  orgAdmin = await t.login('orgadmin@beta.test');
  asst = await t.login('asst@acme.test');
  walletId = (await t.call('GET', '/api/wallet', { token: orgAdmin })).json().wallet.id;
});
afterAll(async () => t.close());

const nextBilling = async () =>
  (await t.db.selectFrom('organizations').select('next_billing').where('name', '=', 'Beta Haulage').executeTakeFirstOrThrow())
    .next_billing as Date;

describe('the current subscription', () => {
  it('shows the plan, the dates and usage against each limit', async () => {
    const res = await t.call('GET', '/api/subscriptions/current', { token: orgAdmin });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({
      plan: { name: 'Starter', amount: 25000, driversLimit: 5, assetsLimit: 10 },
      expired: false,
      canRenew: false,
      usage: { drivers: { used: 1, limit: 5 }, assets: { used: 3, limit: 10 } },
    });
    const acme = await t.call('GET', '/api/subscriptions/current', { token: asst });
    expect(acme.json().subscription.plan.name).toBe('Business');
    const admin = await t.login('admin@fleetfuel.test');
    // The platform admin has no organization: it is asked to choose one.
    const unnamed = await t.call('GET', '/api/subscriptions/current', { token: admin });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'organizationId', error: 'Choose an organization' });
  });
});

describe('renewing', () => {
  it('is refused before nextBilling has passed', async () => {
    const res = await t.call('POST', '/api/subscriptions/renew', { token: orgAdmin, body: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatch(/it can be renewed once that date has passed/);
    expect((await t.call('POST', '/api/wallet/make-purchase', { token: orgAdmin, body: {} })).statusCode).toBe(422);
  });

  it('once expired: refused without money, then paid from the wallet, starting the next cycle from now', async () => {
    await sql`UPDATE organizations SET next_billing = now() - interval '3 days' WHERE name = 'Beta Haulage'`.execute(t.db);
    const current = (await t.call('GET', '/api/subscriptions/current', { token: orgAdmin })).json().subscription;
    expect(current).toMatchObject({ expired: true, canRenew: true });

    const broke = await t.call('POST', '/api/subscriptions/renew', { token: orgAdmin, body: {} });
    expect(broke.statusCode).toBe(422);
    expect(broke.json().error).toBe(
      'The wallet has ₦0.00 available and the Starter plan costs ₦25,000.00. Fund the wallet or pay by card.',
    );

    const admin = await t.login('admin@fleetfuel.test');
    await t.call('POST', `/api/wallet/${walletId}/create-transaction`, {
      token: admin,
      body: { amount: 30000, type: 'CREDIT', note: 'Promotion' },
    });
    const renewed = await t.call('POST', '/api/subscriptions/renew', { token: orgAdmin, body: {} });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().subscription).toMatchObject({ expired: false, canRenew: false });
    const days = ((await nextBilling()).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect((await t.call('GET', '/api/wallet', { token: orgAdmin })).json().wallet.balance).toBe(5000);
    const tx = (await t.call('GET', `/api/wallet/transactions/${walletId}`, { token: orgAdmin })).json().transactions[0];
    expect(tx).toMatchObject({ type: 'SUBSCRIPTION', amount: -25000 });
  });

  it('by card: make-purchase opens a checkout and the paid webhook renews onto the chosen plan', async () => {
    await sql`UPDATE organizations SET next_billing = now() - interval '1 day' WHERE name = 'Beta Haulage'`.execute(t.db);
    const business = await t.db.selectFrom('subscription_plans').select('id').where('name', '=', 'Business').executeTakeFirstOrThrow();
    const res = await t.call('POST', '/api/wallet/make-purchase', { token: orgAdmin, body: { subscriptionId: business.id } });
    expect(res.statusCode).toBe(200);
    const { reference } = res.json();
    await t.call('POST', `/api/payments/sandbox/checkout/${reference}`, {
      body: 'outcome=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await t.app.background.idle();
    const current = (await t.call('GET', '/api/subscriptions/current', { token: orgAdmin })).json().subscription;
    expect(current).toMatchObject({ plan: { name: 'Business' }, expired: false });
    // The card money passed through the wallet into the subscription: the balance is unchanged.
    expect((await t.call('GET', '/api/wallet', { token: orgAdmin })).json().wallet.balance).toBe(5000);
  });

  it('only the organization admin renews', async () => {
    expect((await t.call('POST', '/api/subscriptions/renew', { token: asst, body: {} })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/wallet/make-purchase', { token: asst, body: {} })).statusCode).toBe(403);
  });
});
