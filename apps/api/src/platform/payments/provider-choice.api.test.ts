/**
 * The sandbox's card page credits a wallet for anyone who holds a funding reference. With a real
 * provider its routes must not exist at all, so a funding reference is worth nothing without paying.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-world.js';
import { useFakePaystack } from '../../../test/fake-paystack.js';

const paystack = useFakePaystack();
const world = useTestApp(paystack.app(300));

describe('the sandbox card page with a real provider', () => {
  it('does not exist: completing a checkout by reference answers 404 and credits nothing', async () => {
    const orgAdmin = await world.t.login('orgadmin@acme.test');
    const before = (await world.t.call('GET', '/api/wallet', { token: orgAdmin })).json().wallet.balance as number;
    const fund = await world.t.call('POST', '/api/wallet/fund', { token: orgAdmin, body: { amount: 5000 } });
    expect(fund.statusCode).toBe(200);
    const { reference } = fund.json<{ reference: string }>();

    const page = await world.t.call('GET', `/api/payments/sandbox/checkout/${reference}`);
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ code: 'NOT_FOUND', error: expect.stringMatching(/^No such endpoint/) });
    const complete = await world.t.call('POST', `/api/payments/sandbox/checkout/${reference}`, { body: { outcome: 'success' } });
    expect(complete.statusCode).toBe(404);
    expect(complete.json()).toMatchObject({ code: 'NOT_FOUND', error: expect.stringMatching(/^No such endpoint/) });

    await world.t.app.background.idle();
    expect((await world.t.call('GET', '/api/wallet', { token: orgAdmin })).json().wallet.balance).toBe(before);
    // Nor does the API document describe it.
    const paths = Object.keys((await world.t.call('GET', '/api/docs/json')).json<{ paths: object }>().paths);
    expect(paths.some((p) => p.includes('/payments/sandbox'))).toBe(false);
    expect(paths).toContain('/api/payments/webhook');
  });
});
