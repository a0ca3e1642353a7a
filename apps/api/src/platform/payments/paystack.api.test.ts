import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness.js';
import { journalEntries } from '../../../test/ledger.js';
import { useTestApp } from '../../../test/test-world.js';
import { useFakePaystack } from '../../../test/fake-paystack.js';
import { createPaystackProvider } from './paystack.js';
import { signWebhook } from './provider.js';

const paystack = useFakePaystack();
const world = useTestApp({ ...paystack.app(300), signIn: ['admin@fleetfuel.test', 'orgadmin@acme.test', 'rep@unityfuels.test'] });

const webhook = (event: string, data: Record<string, unknown>, secret = paystack.server.secretKey) => {
  const raw = JSON.stringify({ event, data });
  return world.t.call('POST', '/api/payments/webhook', {
    body: raw,
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhook(secret, raw) },
  });
};

describe('the Paystack adapter over HTTP', () => {
  it('initializes a checkout in kobo and credits after a signed charge.success that verify confirms', async () => {
    const res = await world.t.call('POST', '/api/wallet/fund', { token: world.token('orgadmin@acme.test'), body: { amount: 15000.75 } });
    expect(res.statusCode).toBe(200);
    const { reference, checkoutUrl } = res.json();
    expect(checkoutUrl).toBe(`https://checkout.paystack.test/${reference}`);
    expect(paystack.server.charges.get(reference)).toMatchObject({ amount: 1500075, email: 'orgadmin@acme.test', currency: 'NGN' });

    // The webhook alone is not trusted: verify still says pending, so nothing is credited yet.
    expect((await webhook('charge.success', { reference, amount: 1500075 })).statusCode).toBe(200);
    let wallet = (await world.t.call('GET', '/api/wallet', { token: world.token('orgadmin@acme.test') })).json().wallet;
    expect(wallet.balance).toBe(0);

    (paystack.server.charges.get(reference) as { status: string }).status = 'success';
    await webhook('charge.success', { reference, amount: 1500075 });
    wallet = (await world.t.call('GET', '/api/wallet', { token: world.token('orgadmin@acme.test') })).json().wallet;
    expect(wallet.balance).toBe(15000.75);
  });

  it('credits nothing on a verify answer about another payment, amount or currency', async () => {
    const token = world.token('orgadmin@acme.test');
    const balance = async () => (await world.t.call('GET', '/api/wallet', { token })).json().wallet.balance as number;
    const before = await balance();
    const { reference } = (await world.t.call('POST', '/api/wallet/fund', { token, body: { amount: 2000 } })).json();
    (paystack.server.charges.get(reference) as { status: string }).status = 'success';
    for (const wrong of [{ reference: 'FF-someone-elses' }, { amount: 200 }, { currency: 'USD' }]) {
      paystack.server.misreport.set(reference, wrong);
      expect((await webhook('charge.success', { reference, amount: 200000 })).statusCode).toBe(200);
      expect(await balance(), JSON.stringify(wrong)).toBe(before);
    }
    paystack.server.misreport.delete(reference);
    await webhook('charge.success', { reference, amount: 200000 });
    expect(await balance()).toBe(before + 2000);
  });

  it('answers 400 to a signed webhook whose body is not a JSON object', async () => {
    const signed = (raw: string) =>
      world.t.call('POST', '/api/payments/webhook', {
        body: raw,
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhook(paystack.server.secretKey, raw) },
      });
    for (const raw of ['null', '[]', '"charge.success"', '42']) {
      const res = await signed(raw);
      expect(res.statusCode, raw).toBe(400);
      expect(res.json(), raw).toMatchObject({ code: 'BAD_REQUEST', message: 'The webhook body must be a JSON object' });
    }
    // An object without a payment's reference is received and changes nothing.
    expect((await signed('{"event":"charge.success","data":null}')).statusCode).toBe(200);
  });

  it('refuses webhooks signed with another key', async () => {
    const res = await webhook('charge.success', { reference: 'x' }, 'sk_test_someone_else');
    expect(res.statusCode).toBe(401);
  });

  it('lists active banks and resolves account names; an unknown account is a clear 422', async () => {
    const banks = (await world.t.call('GET', '/api/wallet/banks', { token: world.token('rep@unityfuels.test') })).json().banks;
    expect(banks).toEqual([
      { name: 'Guaranty Trust Bank', code: '058' },
      { name: 'Zenith Bank', code: '057' },
    ]);
    const ok = await world.t.call('GET', '/api/wallet/banks/verify', {
      token: world.token('rep@unityfuels.test'),
      query: { accountNumber: '0690000031', bankCode: '058' },
    });
    expect(ok.json().account_name).toBe('UNITY FUELS IKEJA LTD');
    const unknown = await world.t.call('GET', '/api/wallet/banks/verify', {
      token: world.token('rep@unityfuels.test'),
      query: { accountNumber: '0690000032', bankCode: '058' },
    });
    expect(unknown.statusCode).toBe(422);
  });

  it('pays out through a transfer recipient; a timed-out transfer is retried with the same reference, paying once', async () => {
    const walletId = (await world.t.call('GET', '/api/wallet', { token: world.token('rep@unityfuels.test') })).json().wallet.id;
    await world.t.call('PATCH', `/api/wallet/${walletId}/update-banking`, {
      token: world.token('rep@unityfuels.test'),
      body: { accountNumber: '0690000031', bankCode: '058' },
    });
    await world.t.call('POST', `/api/wallet/${walletId}/create-transaction`, {
      token: world.token('admin@fleetfuel.test'),
      body: { amount: 8000, type: 'CREDIT', note: 'Redemptions' },
    });

    paystack.server.stallOnce.set('POST /transfer', 1000);
    const res = await world.t.call('POST', `/api/wallet/${walletId}/settle-payment`, {
      token: world.token('admin@fleetfuel.test'),
      body: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payout).toMatchObject({ amount: 8000, status: 'SUCCESS', accountName: 'UNITY FUELS IKEJA LTD' });
    const reference = res.json().payout.reference as string;
    const transfer = paystack.server.transfers.get(reference);
    expect(transfer).toMatchObject({ amount: 800000, recipient: 'RCP_0690000031' });
    expect(paystack.server.transfers.size).toBe(1);
    const attempts = await world.t.db.selectFrom('payouts').select('attempts').where('reference', '=', reference).executeTakeFirstOrThrow();
    expect(attempts.attempts).toBeGreaterThanOrEqual(2);

    // A later reversal returns the money once, however often it is reported.
    (transfer as { status: string }).status = 'reversed';
    await Promise.all([webhook('transfer.reversed', { reference }), webhook('transfer.reversed', { reference })]);
    const wallet = (await world.t.call('GET', '/api/wallet', { token: world.token('rep@unityfuels.test') })).json().wallet;
    expect(wallet.balance).toBe(8000);
    expect(await journalEntries(world.t, reference, 'REFUND')).toHaveLength(1);

    // A verify answer about another transfer, amount or currency decides nothing.
    await world.t.call('POST', `/api/wallet/${walletId}/create-transaction`, {
      token: world.token('admin@fleetfuel.test'),
      body: { amount: 3000, type: 'CREDIT', note: 'Redemptions' },
    });
    const second = await world.t.call('POST', `/api/wallet/${walletId}/settle-payment`, {
      token: world.token('admin@fleetfuel.test'),
      body: {},
    });
    expect(second.json().payout).toMatchObject({ amount: 11000, status: 'SUCCESS' });
    const secondReference = second.json().payout.reference as string;
    (paystack.server.transfers.get(secondReference) as { status: string }).status = 'reversed';
    for (const wrong of [{ reference }, { amount: 100 }, { currency: 'GHS' }]) {
      paystack.server.misreport.set(secondReference, wrong);
      await webhook('transfer.reversed', { reference: secondReference });
      expect(await journalEntries(world.t, secondReference, 'REFUND'), JSON.stringify(wrong)).toHaveLength(0);
    }
    paystack.server.misreport.delete(secondReference);
    await webhook('transfer.reversed', { reference: secondReference });
    expect(await journalEntries(world.t, secondReference, 'REFUND')).toHaveLength(1);
  });
});

describe('with no webhook secret configured', () => {
  it('refuses every webhook (fail closed)', async () => {
    const provider = createPaystackProvider({ secretKey: null, baseUrl: paystack.server.baseUrl, timeoutMs: 300 });
    const raw = Buffer.from(JSON.stringify({ event: 'charge.success', data: { reference: 'r' } }));
    expect(provider.verifyWebhookSignature(raw, signWebhook('', raw))).toBe(false);
    expect(provider.verifyWebhookSignature(raw, undefined)).toBe(false);
    const local = await createTestApp({}, { paymentProvider: provider });
    try {
      const res = await local.call('POST', '/api/payments/webhook', {
        body: raw.toString(),
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhook('anything', raw) },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await local.close();
    }
  });
});
