/**
 * A server that dies between doing a money-moving request and recording its reply leaves the
 * request's Idempotency-Key "in progress". A retry must neither be refused for good nor move the
 * money a second time. The test plays the crash by putting the key back to "in progress" (as the
 * dead process left it) after the first request committed.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-world.js';

/** Unity Fuels Ikeja's wallet. */
let stationWallet: string;
const world = useTestApp({
  signIn: ['admin@fleetfuel.test', 'rep@unityfuels.test'],
  setUp: async ({ t, token }) => {
    stationWallet = (await t.call('GET', '/api/wallet', { token: token('rep@unityfuels.test') })).json<{ wallet: { id: string } }>().wallet
      .id;
  },
});

/** What the killed process left behind: the key claimed, its reply never written. */
async function crashBeforeReply(key: string, startedMinutesAgo: number) {
  await sql`UPDATE idempotency_keys SET status_code = NULL, response = NULL, created_at = now() - make_interval(mins => ${startedMinutesAgo}) WHERE key = ${key}`.execute(
    world.t.db,
  );
}

const balance = async () =>
  (await world.t.call('GET', '/api/wallet', { token: world.token('rep@unityfuels.test') })).json<{ wallet: { balance: number } }>().wallet
    .balance;
const credit = (key: string, amount: number) =>
  world.t.call('POST', `/api/wallet/${stationWallet}/create-transaction`, {
    token: world.token('admin@fleetfuel.test'),
    body: { amount, type: 'CREDIT', note: 'recovery test' },
    headers: { 'idempotency-key': key },
  });

describe('an Idempotency-Key left in progress by a dead server', () => {
  it('is still "in progress" while its request could be running', async () => {
    const before = await balance();
    expect((await credit('recent-key', 100)).statusCode).toBe(200);
    await crashBeforeReply('recent-key', 0);
    const retry = await credit('recent-key', 100);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().code).toBe('IN_PROGRESS');
    expect(await balance()).toBe(before + 100);
  });

  it('is taken over by a retry later, and a credit that did commit is not made twice', async () => {
    const before = await balance();
    expect((await credit('credit-key', 2500)).statusCode).toBe(200);
    await crashBeforeReply('credit-key', 5);
    const retry = await credit('credit-key', 2500);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await balance()).toBe(before + 2500);
    // And now it replays as usual.
    const again = await credit('credit-key', 2500);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await balance()).toBe(before + 2500);
  });

  it('a payout that did commit is finished, not paid again', async () => {
    const bank = await world.t.call('PATCH', `/api/wallet/${stationWallet}/update-banking`, {
      token: world.token('rep@unityfuels.test'),
      body: { accountNumber: '0123456780', bankCode: '058' },
    });
    expect(bank.statusCode, bank.body).toBe(200);
    expect((await credit('payout-funds', 30_000)).statusCode).toBe(200);
    const before = await balance();
    const settle = () =>
      world.t.call('POST', `/api/wallet/${stationWallet}/settle-payment`, {
        token: world.token('admin@fleetfuel.test'),
        body: { amount: 10_000 },
        headers: { 'idempotency-key': 'payout-key' },
      });
    const first = await settle();
    expect(first.statusCode, first.body).toBe(200);
    await world.t.app.background.idle();
    await crashBeforeReply('payout-key', 5);
    const retry = await settle();
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().payout.reference).toBe(first.json().payout.reference);
    await world.t.app.background.idle();
    expect(await balance()).toBe(before - 10_000);
    const payouts = await world.t.db.selectFrom('payouts').select('reference').where('account_id', '=', stationWallet).execute();
    expect(payouts).toHaveLength(1);
  });
});
