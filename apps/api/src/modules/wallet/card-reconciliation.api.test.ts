/**
 * Issue 11, defect 2: a card payment's outcome is what the provider's verify says, never what a
 * webhook claims. A payment reported failed stays creditable when verify later says success, the
 * reconciliation job finds such payments without any webhook, and abandoned checkouts end EXPIRED.
 * Paystack is the fake server of test/fake-paystack.ts, spoken to by the real adapter over HTTP.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { movableClock } from '../../../test/harness.js';
import { journalEntries } from '../../../test/ledger.js';
import { useTestApp } from '../../../test/test-world.js';
import { useFakePaystack } from '../../../test/fake-paystack.js';
import { signWebhook } from '../../platform/payments/provider.js';

const HOUR = 60 * 60 * 1000;

const clock = movableClock();
const paystack = useFakePaystack();
/** Acme's wallet. */
let walletId: string;
const world = useTestApp({
  ...paystack.app(2000, { clock }),
  signIn: ['orgadmin@acme.test'],
  setUp: async ({ t, token }) => {
    walletId = (await t.call('GET', '/api/wallet', { token: token('orgadmin@acme.test') })).json().wallet.id;
  },
});

const webhook = (event: string, data: Record<string, unknown>) => {
  const raw = JSON.stringify({ event, data });
  return world.t.call('POST', '/api/payments/webhook', {
    body: raw,
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhook(paystack.server.secretKey, raw) },
  });
};

async function balance(): Promise<number> {
  return (await world.t.call('GET', '/api/wallet', { token: world.token('orgadmin@acme.test') })).json().wallet.balance as number;
}

async function fund(amount: number): Promise<string> {
  const res = await world.t.call('POST', '/api/wallet/fund', { token: world.token('orgadmin@acme.test'), body: { amount } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().reference as string;
}

/** What the provider's own record says about a charge (what its verify answers). */
function providerSays(reference: string, status: 'pending' | 'success' | 'failed' | 'abandoned') {
  const charge = paystack.server.charges.get(reference);
  if (!charge) throw new Error(`no charge ${reference}`);
  charge.status = status;
}

const paymentOf = (reference: string) =>
  world.t.db.selectFrom('card_payments').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
const entriesOf = (reference: string) => journalEntries(world.t, reference);

async function listed(reference: string) {
  const res = await world.t.call('GET', `/api/wallet/transactions/${walletId}`, {
    token: world.token('orgadmin@acme.test'),
    query: { reference },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().transactions as Array<{ reference: string; status: string; amount: number; note: string | null }>;
}

async function assertLedgerConsistent() {
  const unbalanced = await sql`SELECT entry_id FROM postings GROUP BY entry_id HAVING sum(amount_kobo) <> 0`.execute(world.t.db);
  expect(unbalanced.rows).toEqual([]);
  const mismatched =
    await sql`SELECT a.id FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_kobo) s FROM postings GROUP BY account_id) p ON p.account_id = a.id
    WHERE a.balance_kobo <> coalesce(p.s, 0)`.execute(world.t.db);
  expect(mismatched.rows).toEqual([]);
}

/** Moves the app's clock past the job's minimum interval between two checks of one payment. */
const later = () => clock.set(new Date(clock.now().getTime() + 10 * 60 * 1000));

describe('charge webhooks are decided by the provider verify', () => {
  it('(a) a signed charge.failed whose verify says success credits the wallet once', async () => {
    const reference = await fund(2500);
    const before = await balance();
    providerSays(reference, 'success');
    expect((await webhook('charge.failed', { reference, status: 'failed' })).statusCode).toBe(200);
    expect(await balance()).toBe(before + 2500);
    expect((await paymentOf(reference)).status).toBe('SUCCESS');
    expect(await entriesOf(reference)).toHaveLength(1);
    expect((await listed(reference))[0]).toMatchObject({ status: 'SUCCESS', amount: 2500 });
    await assertLedgerConsistent();
  });

  it('(c) a signed but false charge.success is not credited when verify says failed, nor later by reconciliation', async () => {
    const reference = await fund(3100);
    const before = await balance();
    providerSays(reference, 'failed');
    expect((await webhook('charge.success', { reference, amount: 310000, currency: 'NGN', status: 'success' })).statusCode).toBe(200);
    expect(await balance()).toBe(before);
    expect((await paymentOf(reference)).status).toBe('FAILED');

    const run = await world.t.app.jobs.reconcileCardPayments();
    expect(run.checked).toBeGreaterThanOrEqual(1);
    expect(await balance()).toBe(before);
    expect(await entriesOf(reference)).toHaveLength(0);
    expect((await listed(reference))[0]).toMatchObject({ status: 'FAILED' });
  });

  it('(c) a false charge.success for an abandoned checkout credits nothing and leaves it PENDING, not FAILED', async () => {
    const reference = await fund(1800);
    const before = await balance();
    providerSays(reference, 'abandoned');
    expect((await webhook('charge.success', { reference, amount: 180000, currency: 'NGN' })).statusCode).toBe(200);
    expect(await balance()).toBe(before);
    // Paystack lets the payer come back to an abandoned checkout, so it is not a failure yet.
    expect((await paymentOf(reference)).status).toBe('PENDING');
    expect(await entriesOf(reference)).toHaveLength(0);
  });
});

describe('the card payment reconciliation job', () => {
  it('(b) a payment failed by webhook is credited once by reconciliation when the payer then pays', async () => {
    const reference = await fund(4200);
    const before = await balance();
    providerSays(reference, 'failed');
    await webhook('charge.failed', { reference, status: 'failed' });
    expect((await paymentOf(reference)).status).toBe('FAILED');
    expect((await listed(reference))[0]).toMatchObject({ status: 'FAILED' });

    // The payer tries again on the same checkout and pays; no webhook reaches us this time.
    providerSays(reference, 'success');
    later();
    const first = await world.t.app.jobs.reconcileCardPayments();
    expect(first.credited).toBe(1);
    later();
    const second = await world.t.app.jobs.reconcileCardPayments();
    expect(second.credited).toBe(0);
    // A late webhook changes nothing either.
    await webhook('charge.success', { reference, amount: 420000, currency: 'NGN' });

    expect(await balance()).toBe(before + 4200);
    expect(await entriesOf(reference)).toHaveLength(1);
    expect((await paymentOf(reference)).status).toBe('SUCCESS');
    expect(await listed(reference)).toEqual([expect.objectContaining({ status: 'SUCCESS', amount: 4200, note: 'Card top-up' })]);
    await assertLedgerConsistent();
  });

  it('(e) concurrent reconciliation runs and webhooks credit a paid card payment exactly once', async () => {
    const reference = await fund(777.77);
    const before = await balance();
    providerSays(reference, 'success');
    later();
    const [, first, , second, , third, fourth] = await Promise.all([
      world.t.app.jobs.reconcileCardPayments(),
      webhook('charge.success', { reference, amount: 77777, currency: 'NGN' }),
      world.t.app.jobs.reconcileCardPayments(),
      webhook('charge.failed', { reference }),
      world.t.app.jobs.reconcileCardPayments(),
      webhook('charge.success', { reference, amount: 77777, currency: 'NGN' }),
      webhook('charge.success', { reference, amount: 77777, currency: 'NGN' }),
    ]);
    // Every webhook is acknowledged, the late and the contradicting ones too.
    expect([first, second, third, fourth].map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await balance()).toBeCloseTo(before + 777.77, 2);
    expect(await entriesOf(reference)).toHaveLength(1);
    expect((await paymentOf(reference)).status).toBe('SUCCESS');
    await assertLedgerConsistent();
  });

  it('(d) a checkout still not paid after 48 hours becomes EXPIRED and is listed as EXPIRED', async () => {
    const abandoned = await fund(900);
    const paidLate = await fund(650);
    const young = await fund(120);
    const before = await balance();
    providerSays(paidLate, 'success');
    const start = clock.now();
    try {
      // The young payment is made 47 hours in; the other two are then 49 hours old.
      clock.set(new Date(start.getTime() + 49 * HOUR));
      await sql`UPDATE card_payments SET created_at = ${new Date(start.getTime() + 47 * HOUR)} WHERE reference = ${young}`.execute(
        world.t.db,
      );

      const run = await world.t.app.jobs.reconcileCardPayments();
      expect(run.expired).toBeGreaterThanOrEqual(1);
      expect(run.credited).toBe(1);

      expect((await paymentOf(abandoned)).status).toBe('EXPIRED');
      expect((await listed(abandoned))[0]).toMatchObject({ status: 'EXPIRED', amount: 900 });
      const expiredOnly = await world.t.call('GET', `/api/wallet/transactions/${walletId}`, {
        token: world.token('orgadmin@acme.test'),
        query: { status: 'EXPIRED' },
      });
      expect(expiredOnly.statusCode, expiredOnly.body).toBe(200);
      expect(expiredOnly.json().transactions.map((x: { reference: string }) => x.reference)).toContain(abandoned);
      // Paid before the window closed: credited, not expired.
      expect((await paymentOf(paidLate)).status).toBe('SUCCESS');
      expect((await paymentOf(young)).status).toBe('PENDING');
      expect(await balance()).toBe(before + 650);

      // Once past the window, expired payments are left alone by the job, and the young one expires in turn.
      clock.set(new Date(start.getTime() + 96 * HOUR));
      providerSays(abandoned, 'success');
      await world.t.app.jobs.reconcileCardPayments();
      expect((await paymentOf(abandoned)).status).toBe('EXPIRED');
      expect((await paymentOf(young)).status).toBe('EXPIRED');
      expect(await entriesOf(abandoned)).toHaveLength(0);
      expect(await balance()).toBe(before + 650);

      // But money the provider confirms is never lost: its own webhook still credits an expired payment, once.
      await webhook('charge.success', { reference: abandoned, amount: 90000, currency: 'NGN' });
      await webhook('charge.success', { reference: abandoned, amount: 90000, currency: 'NGN' });
      expect((await paymentOf(abandoned)).status).toBe('SUCCESS');
      expect(await entriesOf(abandoned)).toHaveLength(1);
      expect(await balance()).toBe(before + 650 + 900);
      await assertLedgerConsistent();
    } finally {
      clock.set(new Date());
    }
  });
});
