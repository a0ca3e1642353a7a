import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createLedgerService, InsufficientFundsError, type PlatformAccount } from './ledger.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A small deterministic generator, so that a failing sequence can be replayed from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('ledger invariants under random operations', () => {
  it('after 1,500 random posts, holds, releases and captures every entry sums to zero and every balance matches its postings', async () => {
    const ledger = createLedgerService();
    const wallets = (
      await t.db.selectFrom('ledger_accounts').select('id').where('kind', 'in', ['ORGANIZATION_WALLET', 'STATION_WALLET']).execute()
    ).map((w) => w.id);
    const platform = await Promise.all(
      (['CARD_CLEARING', 'PAYOUT_CLEARING', 'PLATFORM_REVENUE', 'ADJUSTMENTS'] as PlatformAccount[]).map((kind) =>
        ledger.platformAccount(t.db, kind),
      ),
    );
    const next = random(20261121);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const amount = () => BigInt(1 + Math.floor(next() * 500_000));
    const openHolds: Array<{ reference: string; wallet: string; amount: bigint }> = [];
    let refused = 0;
    let posted = 0;

    for (let i = 0; i < 1500; i += 1) {
      const roll = next();
      try {
        await t.db.transaction().execute(async (trx) => {
          if (roll < 0.35) {
            const value = amount();
            await ledger.post(trx, {
              idempotencyKey: `prop:fund:${i}`,
              kind: 'FUNDING',
              description: 'random funding',
              postings: [
                { accountId: pick(platform), amount: -value, type: 'FUNDING' },
                { accountId: pick(wallets), amount: value, type: 'FUNDING' },
              ],
            });
          } else if (roll < 0.6) {
            const value = amount();
            const from = pick(wallets);
            const to = pick([...wallets.filter((w) => w !== from), ...platform]);
            await ledger.post(trx, {
              idempotencyKey: `prop:move:${i}`,
              kind: 'PAYMENT',
              description: 'random transfer',
              postings: [
                { accountId: from, amount: -value, type: 'PAYMENT' },
                { accountId: to, amount: value, type: 'PAYMENT' },
              ],
            });
          } else if (roll < 0.75) {
            const wallet = pick(wallets);
            const value = amount();
            await ledger.placeHold(trx, { accountId: wallet, amount: value, reason: 'random hold', reference: `prop:hold:${i}` });
            openHolds.push({ reference: `prop:hold:${i}`, wallet, amount: value });
          } else if (roll < 0.87 && openHolds.length > 0) {
            const hold = openHolds.splice(Math.floor(next() * openHolds.length), 1)[0] as (typeof openHolds)[number];
            expect(await ledger.releaseHold(trx, hold.reference)).toBe(hold.amount);
          } else if (openHolds.length > 0) {
            const hold = openHolds.splice(Math.floor(next() * openHolds.length), 1)[0] as (typeof openHolds)[number];
            const paid = 1n + BigInt(Math.floor(next() * Number(hold.amount)));
            const payee = pick(wallets.filter((w) => w !== hold.wallet));
            const revenue = platform[2] as string;
            const fee = paid / 10n;
            await ledger.captureHold(trx, hold.reference, {
              idempotencyKey: `prop:capture:${i}`,
              kind: 'PAYMENT',
              description: 'random capture',
              postings: [
                { accountId: hold.wallet, amount: -paid, type: 'PAYMENT' },
                { accountId: payee, amount: paid - fee, type: 'PAYMENT', fee },
                ...(fee > 0n ? [{ accountId: revenue, amount: fee, type: 'FEE' as const }] : []),
              ],
            });
          }
        });
        posted += 1;
      } catch (error) {
        if (!(error instanceof InsufficientFundsError)) throw error;
        refused += 1;
      }
    }
    expect(posted).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(0);

    const unbalanced = await sql`SELECT entry_id FROM postings GROUP BY entry_id HAVING sum(amount_kobo) <> 0 OR count(*) < 2`.execute(
      t.db,
    );
    expect(unbalanced.rows).toEqual([]);
    expect(await ledger.balanceDiscrepancies(t.db)).toEqual([]);
    const negative = await t.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('kind', 'in', ['ORGANIZATION_WALLET', 'STATION_WALLET'])
      .where('balance_kobo', '<', '0')
      .execute();
    expect(negative).toEqual([]);
    const heldMismatch =
      await sql`SELECT a.id FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_kobo) s FROM holds WHERE status = 'OPEN' GROUP BY account_id) h
      ON h.account_id = a.id WHERE a.held_kobo <> coalesce(h.s, 0)`.execute(t.db);
    expect(heldMismatch.rows).toEqual([]);
  }, 120_000);

  it('posting the same idempotency key twice has one effect', async () => {
    const ledger = createLedgerService();
    const [wallet] = (await t.db.selectFrom('ledger_accounts').select('id').where('kind', '=', 'ORGANIZATION_WALLET').execute()).map(
      (w) => w.id,
    );
    const adjustments = await ledger.platformAccount(t.db, 'ADJUSTMENTS');
    const entry = {
      idempotencyKey: 'once-only',
      kind: 'CREDIT',
      description: 'once',
      postings: [
        { accountId: wallet as string, amount: 100n, type: 'CREDIT' as const },
        { accountId: adjustments, amount: -100n, type: 'CREDIT' as const },
      ],
    };
    const first = await t.db.transaction().execute((trx) => ledger.post(trx, entry));
    const second = await t.db.transaction().execute((trx) => ledger.post(trx, entry));
    expect(first.duplicate).toBe(false);
    expect(second).toEqual({ entryId: first.entryId, duplicate: true });
    const count = await t.db
      .selectFrom('postings')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('entry_id', '=', first.entryId)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe('2');
  });
});
