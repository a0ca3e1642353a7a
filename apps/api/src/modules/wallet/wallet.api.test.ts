import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { signWebhook } from '../../platform/payments/provider.js';
import { setAvailable as setAvailableTo, USUAL_ACCOUNTS } from '../../../test/demo-world.js';
import { journalEntries } from '../../../test/ledger.js';
import { useTestApp } from '../../../test/test-world.js';

/** The demo's wallets by who holds them: acme, beta, unity. */
const wallets: Record<string, string> = {};
const world = useTestApp({
  signIn: [...USUAL_ACCOUNTS, 'attendant@unityfuels.test'],
  setUp: async ({ token }) => {
    wallets.acme = (await walletOf(token('orgadmin@acme.test'))).id;
    wallets.beta = (await walletOf(token('orgadmin@beta.test'))).id;
    wallets.unity = (await walletOf(token('rep@unityfuels.test'))).id;
  },
});

/** The sandbox's webhook secret, as app.ts derives it. */
async function sandboxSecret(): Promise<string> {
  const { createHmac } = await import('node:crypto');
  return createHmac('sha256', world.t.config.appSecret).update('sandbox-webhooks').digest('hex');
}

async function walletOf(token: string, query: Record<string, string> = {}) {
  const res = await world.t.call('GET', '/api/wallet', { token, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().wallet;
}

const adjust = (walletId: string, type: 'CREDIT' | 'DEBIT', amount: number, headers: Record<string, string> = {}) =>
  world.t.call('POST', `/api/wallet/${walletId}/create-transaction`, {
    token: world.token('admin@fleetfuel.test'),
    body: { amount, type, note: `${type} test` },
    headers,
  });

/** The journal entries of the admin's adjustments sent with the idempotency key `key`. */
const adjustmentsWithKey = (key: string) =>
  world.t.db.selectFrom('journal_entries').select('id').where('idempotency_key', 'like', `adjustment:%:${key}`).execute();

const setAvailable = (walletId: string, naira: number) => setAvailableTo(world.t, world.token('admin@fleetfuel.test'), walletId, naira);

/** Saves bank details (GTBank, `accountNumber`) on a wallet as `email`; the sandbox verifies 0123456780. */
const updateBanking = (email: string, walletId: string, accountNumber = '0123456780') =>
  world.t.call('PATCH', `/api/wallet/${walletId}/update-banking`, { token: world.token(email), body: { accountNumber, bankCode: '058' } });

/** Unity Fuels Ikeja's bank details as the demo verified them (a test may change them, then puts them back). */
async function useVerifiedBankAccount() {
  const res = await updateBanking('rep@unityfuels.test', wallets.unity as string);
  expect(res.statusCode, res.body).toBe(200);
}

async function assertLedgerConsistent() {
  const unbalanced = await sql<{ entry_id: string }>`SELECT entry_id FROM postings GROUP BY entry_id HAVING sum(amount_kobo) <> 0`.execute(
    world.t.db,
  );
  expect(unbalanced.rows).toEqual([]);
  const mismatched =
    await sql`SELECT a.id FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_kobo) s FROM postings GROUP BY account_id) p ON p.account_id = a.id
    WHERE a.balance_kobo <> coalesce(p.s, 0)`.execute(world.t.db);
  expect(mismatched.rows).toEqual([]);
}

describe('reading wallets', () => {
  it('each organization and station role sees its own wallet; ADMIN names one; drivers and attendants cannot', async () => {
    const acme = await walletOf(world.token('asst@acme.test'));
    expect(acme).toMatchObject({ id: wallets.acme, currency: 'NGN', owner: { kind: 'ORGANIZATION', name: 'Acme Logistics' } });
    const station = await walletOf(world.token('rep@unityfuels.test'));
    expect(station.owner).toMatchObject({ kind: 'STATION', name: 'Unity Fuels Ikeja' });
    const byAdmin = await walletOf(world.token('admin@fleetfuel.test'), { stationId: station.owner.id });
    expect(byAdmin.id).toBe(station.id);
    expect((await world.t.call('GET', '/api/wallet', { token: world.token('admin@fleetfuel.test') })).statusCode).toBe(400);
    expect((await world.t.call('GET', '/api/wallet', { token: world.token('driver@acme.test') })).statusCode).toBe(403);
    expect((await world.t.call('GET', '/api/wallet', { token: world.token('attendant@unityfuels.test') })).statusCode).toBe(403);
    const other = await world.t.call('GET', '/api/wallet', {
      token: world.token('orgadmin@acme.test'),
      query: { organizationId: acme.owner.id === wallets.beta ? '' : (await walletOf(world.token('orgadmin@beta.test'))).owner.id },
    });
    expect(other.statusCode).toBe(404);
    expect(
      (await world.t.call('GET', `/api/wallet/transactions/${wallets.beta}`, { token: world.token('orgadmin@acme.test') })).statusCode,
    ).toBe(404);
  });
});

describe('Change Balance (ADMIN credit and debit)', () => {
  it('credits and debits with a note, shows them newest first, and refuses what the wallet cannot cover', async () => {
    await setAvailable(wallets.beta as string, 0);
    const listed = async () =>
      (await world.t.call('GET', `/api/wallet/transactions/${wallets.beta}`, { token: world.token('orgadmin@beta.test') })).json();
    const before = (await listed()).meta.total as number;
    const credit = await adjust(wallets.beta as string, 'CREDIT', 5000.5);
    expect(credit.statusCode).toBe(200);
    expect(credit.json()).toMatchObject({
      message: '₦5,000.50 credited to the wallet',
      transaction: { amount: 5000.5, direction: 'CREDIT', type: 'CREDIT', note: 'CREDIT test', status: 'SUCCESS' },
      wallet: { balance: 5000.5, available: 5000.5 },
    });
    const debit = await adjust(wallets.beta as string, 'DEBIT', 1000);
    expect(debit.json().transaction).toMatchObject({ amount: -1000, direction: 'DEBIT' });
    const tooMuch = await adjust(wallets.beta as string, 'DEBIT', 4000.51);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      error: 'Insufficient funds: ₦4,000.51 is needed and ₦4,000.50 is available',
    });
    const list = await listed();
    expect(list.transactions.slice(0, 2).map((x: { amount: number }) => x.amount)).toEqual([-1000, 5000.5]);
    expect(list.meta.total).toBe(before + 2);
    const missing = await world.t.call('POST', `/api/wallet/${wallets.beta}/create-transaction`, {
      token: world.token('admin@fleetfuel.test'),
      body: { type: 'CREDIT', note: 'x' },
    });
    expect(missing.json()).toMatchObject({ field: 'amount', error: 'amount: Please enter valid amount' });
    for (const email of ['orgadmin@beta.test', 'rep@unityfuels.test']) {
      expect(
        (
          await world.t.call('POST', `/api/wallet/${wallets.beta}/create-transaction`, {
            token: world.token(email),
            body: { amount: 1, type: 'CREDIT', note: 'x' },
          })
        ).statusCode,
      ).toBe(403);
    }
    await assertLedgerConsistent();
  });

  it('50 concurrent debits of ₦1,000 on a ₦20,000 wallet: exactly 20 succeed, the balance ends at ₦0', async () => {
    const station = (
      await walletOf(world.token('admin@fleetfuel.test'), {
        stationId: (await walletOf(world.token('rep@unityfuels.test'))).owner.id,
      })
    ).id;
    await setAvailable(station, 0);
    expect((await adjust(station, 'CREDIT', 20000)).statusCode).toBe(200);
    const results = await Promise.all(Array.from({ length: 50 }, () => adjust(station, 'DEBIT', 1000)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.filter((c) => c === 422)).toHaveLength(30);
    expect(results.find((r) => r.statusCode === 422)?.json().code).toBe('INSUFFICIENT_FUNDS');
    const after = await walletOf(world.token('rep@unityfuels.test'));
    expect(after.balance).toBe(0);
    const account = await world.t.db
      .selectFrom('ledger_accounts')
      .select('balance_kobo')
      .where('id', '=', station)
      .executeTakeFirstOrThrow();
    expect(account.balance_kobo).toBe('0');
    await assertLedgerConsistent();
  });
});

describe('Idempotency-Key', () => {
  it('the same key and body give the same reply and one effect; another body is refused', async () => {
    const key = randomUUID();
    const first = await adjust(wallets.beta as string, 'CREDIT', 250, { 'idempotency-key': key });
    const second = await adjust(wallets.beta as string, 'CREDIT', 250, { 'idempotency-key': key });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await adjustmentsWithKey(key)).toHaveLength(1);
    const other = await adjust(wallets.beta as string, 'CREDIT', 251, { 'idempotency-key': key });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
  });

  it('concurrent requests with one key still make one effect', async () => {
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => adjust(wallets.beta as string, 'CREDIT', 10, { 'idempotency-key': key })),
    );
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(await adjustmentsWithKey(key)).toHaveLength(1);
  });
});

describe('the journal', () => {
  it('refuses UPDATE and DELETE of journal rows', async () => {
    await expect(sql`UPDATE postings SET note = 'tampered'`.execute(world.t.db)).rejects.toThrow(/immutable/);
    await expect(sql`DELETE FROM journal_entries`.execute(world.t.db)).rejects.toThrow(/immutable/);
  });

  it('refuses an unbalanced entry at commit', async () => {
    const clearing = await world.t.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('kind', '=', 'ADJUSTMENTS')
      .executeTakeFirstOrThrow();
    await expect(
      world.t.db.transaction().execute(async (trx) => {
        const entry = await trx
          .insertInto('journal_entries')
          .values({ idempotency_key: 'bad', kind: 'CREDIT', description: 'x' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('postings')
          .values({ entry_id: entry.id, account_id: clearing.id, amount_kobo: '100', type: 'CREDIT' })
          .execute();
      }),
    ).rejects.toThrow(/unbalanced/);
  });

  it('never lets a wallet go negative, even written around the ledger', async () => {
    await expect(sql`UPDATE ledger_accounts SET balance_kobo = -1 WHERE id = ${wallets.acme}`.execute(world.t.db)).rejects.toThrow(
      /violates check constraint "(wallet_never_negative|holds_within_balance)"/,
    );
  });
});

describe('card funding through the sandbox', () => {
  it('starts a checkout, the payer pays on the sandbox page, and the signed webhook credits once', async () => {
    const before = (await walletOf(world.token('orgadmin@acme.test'))).balance;
    const fund = await world.t.call('POST', '/api/wallet/fund', { token: world.token('asst@acme.test'), body: { amount: 50000 } });
    expect(fund.statusCode).toBe(200);
    const { checkoutUrl, reference } = fund.json();
    expect(checkoutUrl).toBe(`http://app.test/api/payments/sandbox/checkout/${reference}`);

    const pending = await world.t.call('GET', `/api/wallet/transactions/${wallets.acme}`, { token: world.token('orgadmin@acme.test') });
    expect(pending.json().transactions[0]).toMatchObject({ reference, status: 'PENDING', amount: 50000, type: 'FUNDING' });

    const page = await world.t.call('GET', `/api/payments/sandbox/checkout/${reference}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('₦50,000.00');

    const paid = await world.t.call('POST', `/api/payments/sandbox/checkout/${reference}`, {
      body: 'outcome=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://app.test/wallet?reference=${reference}`);
    await world.t.app.background.idle();

    const after = await walletOf(world.token('orgadmin@acme.test'));
    expect(after.balance).toBe(before + 50000);
    const list = await world.t.call('GET', `/api/wallet/transactions/${wallets.acme}`, {
      token: world.token('orgadmin@acme.test'),
      query: { reference },
    });
    expect(list.json().transactions).toHaveLength(1);
    expect(list.json().transactions[0]).toMatchObject({
      reference,
      status: 'SUCCESS',
      amount: 50000,
      type: 'FUNDING',
      note: 'Card top-up',
    });

    const again = await world.t.call('POST', `/api/payments/sandbox/checkout/${reference}`, {
      body: 'outcome=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again.statusCode).toBe(409);
    await assertLedgerConsistent();
  });

  it('returns the payer to the local address the page was opened at, never to another site', async () => {
    const back = async (origin: string) => {
      const fund = await world.t.call('POST', '/api/wallet/fund', {
        token: world.token('orgadmin@acme.test'),
        body: { amount: 100 },
        headers: { origin },
      });
      expect(fund.statusCode, fund.body).toBe(200);
      const { reference } = fund.json<{ reference: string }>();
      const declined = await world.t.call('POST', `/api/payments/sandbox/checkout/${reference}`, {
        body: 'outcome=failed',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(declined.statusCode).toBe(303);
      return { location: declined.headers.location, reference };
    };
    const lan = await back('http://192.168.1.20:3000');
    expect(lan.location).toBe(`http://192.168.1.20:3000/wallet?reference=${lan.reference}`);
    const other = await back('https://evil.example');
    expect(other.location).toBe(`http://app.test/wallet?reference=${other.reference}`);
    await world.t.app.background.idle();
  });

  it('a declined card changes nothing and shows as FAILED', async () => {
    const before = (await walletOf(world.token('orgadmin@acme.test'))).balance;
    const { reference } = (
      await world.t.call('POST', '/api/wallet/fund', { token: world.token('orgadmin@acme.test'), body: { amount: 700 } })
    ).json();
    await world.t.call('POST', `/api/payments/sandbox/checkout/${reference}`, {
      body: 'outcome=failed',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await world.t.app.background.idle();
    expect((await walletOf(world.token('orgadmin@acme.test'))).balance).toBe(before);
    const list = await world.t.call('GET', `/api/wallet/transactions/${wallets.acme}`, {
      token: world.token('orgadmin@acme.test'),
      query: { status: 'FAILED' },
    });
    expect(list.json().transactions[0]).toMatchObject({ reference, status: 'FAILED' });
  });

  it('one charge.success delivered 100 times in a row and 20 times at once credits once', async () => {
    const { reference } = (
      await world.t.call('POST', '/api/wallet/fund', { token: world.token('orgadmin@acme.test'), body: { amount: 1234.56 } })
    ).json();
    await sql`UPDATE sandbox_charges SET status = 'success' WHERE reference = ${reference}`.execute(world.t.db);
    const before = (await walletOf(world.token('orgadmin@acme.test'))).balance;
    const raw = JSON.stringify({ event: 'charge.success', data: { reference, amount: 123456, currency: 'NGN' } });
    const signature = signWebhook(await sandboxSecret(), raw);
    const send = () =>
      world.t.call('POST', '/api/payments/webhook', {
        body: raw,
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      });
    for (let i = 0; i < 100; i += 1) expect((await send()).statusCode).toBe(200);
    const burst = await Promise.all(Array.from({ length: 20 }, send));
    expect(burst.every((r) => r.statusCode === 200)).toBe(true);
    expect((await walletOf(world.token('orgadmin@acme.test'))).balance).toBeCloseTo(before + 1234.56, 2);
    expect(await journalEntries(world.t, reference)).toHaveLength(1);
    await assertLedgerConsistent();
  });

  it('refuses webhooks without a signature, with a wrong one, or with a body changed by one byte, writing nothing', async () => {
    const { reference } = (
      await world.t.call('POST', '/api/wallet/fund', { token: world.token('orgadmin@acme.test'), body: { amount: 999 } })
    ).json();
    await sql`UPDATE sandbox_charges SET status = 'success' WHERE reference = ${reference}`.execute(world.t.db);
    const raw = JSON.stringify({ event: 'charge.success', data: { reference, amount: 99900, currency: 'NGN' } });
    const good = signWebhook(await sandboxSecret(), raw);
    const journalSize = () =>
      world.t.db
        .selectFrom('journal_entries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
    const entriesBefore = await journalSize();
    const attempts: Array<{ body: string; headers: Record<string, string> }> = [
      { body: raw, headers: { 'content-type': 'application/json' } },
      { body: raw, headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhook('wrong-secret', raw) } },
      { body: raw.replace('99900', '99901'), headers: { 'content-type': 'application/json', 'x-paystack-signature': good } },
      { body: raw, headers: { 'content-type': 'application/json', 'x-paystack-signature': 'not-hex' } },
    ];
    for (const attempt of attempts) {
      const res = await world.t.call('POST', '/api/payments/webhook', attempt);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('Invalid webhook signature');
    }
    const entriesAfter = await journalSize();
    expect(entriesAfter.n).toBe(entriesBefore.n);
    expect(
      (await world.t.db.selectFrom('card_payments').select('status').where('reference', '=', reference).executeTakeFirstOrThrow()).status,
    ).toBe('PENDING');
  });

  it('does not credit when the provider verifies a different amount', async () => {
    const { reference } = (
      await world.t.call('POST', '/api/wallet/fund', { token: world.token('orgadmin@acme.test'), body: { amount: 5000 } })
    ).json();
    // The provider's own record says ₦50 was paid, whatever the webhook claims.
    await sql`UPDATE sandbox_charges SET status = 'success', amount_kobo = 5000 WHERE reference = ${reference}`.execute(world.t.db);
    const before = (await walletOf(world.token('orgadmin@acme.test'))).balance;
    const raw = JSON.stringify({ event: 'charge.success', data: { reference, amount: 500000, currency: 'NGN' } });
    const res = await world.t.call('POST', '/api/payments/webhook', {
      body: raw,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhook(await sandboxSecret(), raw) },
    });
    expect(res.statusCode).toBe(200);
    expect((await walletOf(world.token('orgadmin@acme.test'))).balance).toBe(before);
    const payment = await world.t.db
      .selectFrom('card_payments')
      .select(['status', 'failure_reason'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('FAILED');
    expect(payment.failure_reason).toMatch(/instead of ₦5,000.00/);
  });

  it('validates the top-up amount and who may fund', async () => {
    const empty = await world.t.call('POST', '/api/wallet/fund', { token: world.token('orgadmin@acme.test'), body: { amount: '' } });
    expect(empty.json()).toMatchObject({ field: 'amount', error: 'amount: Please enter valid amount' });
    expect((await world.t.call('POST', '/api/wallet/fund', { token: world.token('orgadmin@acme.test'), body: {} })).statusCode).toBe(400);
    for (const email of ['driver@acme.test', 'rep@unityfuels.test', 'admin@fleetfuel.test']) {
      expect((await world.t.call('POST', '/api/wallet/fund', { token: world.token(email), body: { amount: 10 } })).statusCode, email).toBe(
        403,
      );
    }
  });
});

describe('station bank details and payouts', () => {
  it('verifies an account number, saves the resolved name, and needs 10 digits', async () => {
    const banks = await world.t.call('GET', '/api/wallet/banks', { token: world.token('rep@unityfuels.test') });
    expect(banks.json().banks).toContainEqual({ name: 'Guaranty Trust Bank', code: '058' });
    const verifyAccount = (accountNumber: string) =>
      world.t.call('GET', '/api/wallet/banks/verify', {
        token: world.token('rep@unityfuels.test'),
        query: { accountNumber, bankCode: '058' },
      });
    const verify = await verifyAccount('0123456780');
    expect(verify.json()).toEqual({ account_name: 'SANDBOX ACCOUNT 6780', accountName: 'SANDBOX ACCOUNT 6780' });
    const short = await verifyAccount('12345');
    expect(short.json()).toMatchObject({ field: 'accountNumber', error: 'accountNumber: Must be exactly 10 digits' });
    const unknown = await verifyAccount('0001234567');
    expect(unknown.statusCode).toBe(422);

    const saved = await world.t.call('PATCH', `/api/wallet/${wallets.unity}/update-banking`, {
      token: world.token('rep@unityfuels.test'),
      body: { accountNumber: '0123456780', bankCode: '058', accountName: 'Whatever The Form Said' },
    });
    expect(saved.json()).toMatchObject({
      wallet: { accountName: 'SANDBOX ACCOUNT 6780', bankName: 'Guaranty Trust Bank', bankingVerified: true },
    });
    expect((await updateBanking('orgadmin@acme.test', wallets.acme as string)).statusCode).toBe(403);
    expect((await updateBanking('rep@unityfuels.test', wallets.acme as string)).statusCode).toBe(404);
  });

  it('ADMIN settles a payout to the verified account; the station wallet is debited', async () => {
    await useVerifiedBankAccount();
    await setAvailable(wallets.unity as string, 30000);
    const res = await world.t.call('POST', `/api/wallet/${wallets.unity}/settle-payment`, {
      token: world.token('admin@fleetfuel.test'),
      body: { amount: 12000 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payout).toMatchObject({ amount: 12000, accountName: 'SANDBOX ACCOUNT 6780' });
    // The sandbox confirms the transfer by a webhook it sends at once, in the background: on
    // PostgreSQL that can settle the payout before the reply reads it back (seen on Node 22).
    expect(['PENDING', 'SUCCESS']).toContain(res.json().payout.status);
    await world.t.app.background.idle();
    const payout = await world.t.db
      .selectFrom('payouts')
      .select('status')
      .where('reference', '=', res.json().payout.reference)
      .executeTakeFirstOrThrow();
    expect(payout.status).toBe('SUCCESS');
    expect((await walletOf(world.token('rep@unityfuels.test'))).balance).toBe(18000);
    expect(
      (await world.t.call('POST', `/api/wallet/${wallets.unity}/settle-payment`, { token: world.token('rep@unityfuels.test'), body: {} }))
        .statusCode,
    ).toBe(403);
    await assertLedgerConsistent();
  });

  it('a payout whose transfer fails posts exactly one compensating entry', async () => {
    await setAvailable(wallets.unity as string, 18000);
    // An account whose transfers the sandbox fails; the verified one is saved again after.
    onTestFinished(useVerifiedBankAccount);
    await updateBanking('rep@unityfuels.test', wallets.unity as string, '0123456789');
    const before = (await walletOf(world.token('rep@unityfuels.test'))).balance;
    expect(before).toBe(18000);
    const res = await world.t.call('POST', `/api/wallet/${wallets.unity}/settle-payment`, {
      token: world.token('admin@fleetfuel.test'),
      body: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payout.amount).toBe(before);
    await world.t.app.background.idle();
    const reference = res.json().payout.reference as string;
    const payout = await world.t.db
      .selectFrom('payouts')
      .select(['status', 'reversal_entry_id'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(payout.status).toBe('FAILED');
    // The provider's failure event arrives again, and at once: still one compensation.
    const raw = JSON.stringify({ event: 'transfer.failed', data: { reference } });
    const signature = signWebhook(await sandboxSecret(), raw);
    await Promise.all(
      Array.from({ length: 5 }, () =>
        world.t.call('POST', '/api/payments/webhook', {
          body: raw,
          headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        }),
      ),
    );
    expect(await journalEntries(world.t, reference, 'REFUND')).toHaveLength(1);
    expect((await walletOf(world.token('rep@unityfuels.test'))).balance).toBe(before);
    await assertLedgerConsistent();
  });

  it('refuses a payout without verified bank details or without money', async () => {
    await useVerifiedBankAccount();
    const greenline = await world.t.db
      .selectFrom('ledger_accounts as a')
      .innerJoin('fuel_stations as f', 'f.id', 'a.fuel_station_id')
      .select('a.id')
      .where('f.name', '=', 'Greenline Energy Lekki')
      .executeTakeFirstOrThrow();
    const noBank = await world.t.call('POST', `/api/wallet/${greenline.id}/settle-payment`, {
      token: world.token('admin@fleetfuel.test'),
      body: {},
    });
    expect(noBank.json().error).toBe(
      'Greenline Energy Lekki has no verified bank account yet. The station must save its bank details first.',
    );
    const nothing = await world.t.call('POST', `/api/wallet/${wallets.unity}/settle-payment`, {
      token: world.token('admin@fleetfuel.test'),
      body: { amount: 99999999 },
    });
    expect(nothing.json().code).toBe('INSUFFICIENT_FUNDS');
  });
});
