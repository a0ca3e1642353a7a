import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-world.js';
import * as repository from './ledger.repository.js';
import { createLedgerService, InsufficientFundsError, type PlatformAccount } from './ledger.service.js';

const world = useTestApp();

/** A small deterministic generator, so that a failing sequence can be replayed from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The first organization's wallet and the money it has free. */
async function demoWallet() {
  const wallet = await world.t.db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance_kobo', 'held_kobo'])
    .where('kind', '=', 'ORGANIZATION_WALLET')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { id: wallet.id, available: BigInt(wallet.balance_kobo) - BigInt(wallet.held_kobo) };
}

/**
 * Credits the wallet `funded` kobo (from the platform's adjustments account) and holds `held` of it,
 * under the keys `<name>:fund` and `<name>:hold`.
 */
async function fundAndHold(ledger: ReturnType<typeof createLedgerService>, name: string, wallet: string, funded: bigint, held: bigint) {
  const adjustments = await ledger.platformAccount(world.t.db, 'ADJUSTMENTS');
  await world.t.db.transaction().execute(async (trx) => {
    await ledger.post(trx, {
      idempotencyKey: `${name}:fund`,
      kind: 'CREDIT',
      description: 'fund',
      postings: [
        { accountId: wallet, amount: funded, type: 'CREDIT' },
        { accountId: adjustments, amount: -funded, type: 'CREDIT' },
      ],
    });
    await ledger.placeHold(trx, { accountId: wallet, amount: held, reason: 'test', reference: `${name}:hold` });
  });
}

describe('ledger invariants under random operations', () => {
  it('after 1,500 random posts, holds, releases and captures every entry sums to zero and every balance matches its postings', async () => {
    const ledger = createLedgerService();
    const wallets = (
      await world.t.db.selectFrom('ledger_accounts').select('id').where('kind', 'in', ['ORGANIZATION_WALLET', 'STATION_WALLET']).execute()
    ).map((w) => w.id);
    const platform = await Promise.all(
      (['CARD_CLEARING', 'PAYOUT_CLEARING', 'PLATFORM_REVENUE', 'ADJUSTMENTS'] as PlatformAccount[]).map((kind) =>
        ledger.platformAccount(world.t.db, kind),
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
        await world.t.db.transaction().execute(async (trx) => {
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
      world.t.db,
    );
    expect(unbalanced.rows).toEqual([]);
    expect(await ledger.balanceDiscrepancies(world.t.db)).toEqual([]);
    const negative = await world.t.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('kind', 'in', ['ORGANIZATION_WALLET', 'STATION_WALLET'])
      .where('balance_kobo', '<', '0')
      .execute();
    expect(negative).toEqual([]);
    const heldMismatch =
      await sql`SELECT a.id FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount_kobo) s FROM holds WHERE status = 'OPEN' GROUP BY account_id) h
      ON h.account_id = a.id WHERE a.held_kobo <> coalesce(h.s, 0)`.execute(world.t.db);
    expect(heldMismatch.rows).toEqual([]);
  }, 120_000);

  it('posting the same idempotency key twice has one effect', async () => {
    const ledger = createLedgerService();
    const [wallet] = (await world.t.db.selectFrom('ledger_accounts').select('id').where('kind', '=', 'ORGANIZATION_WALLET').execute()).map(
      (w) => w.id,
    );
    const adjustments = await ledger.platformAccount(world.t.db, 'ADJUSTMENTS');
    const entry = {
      idempotencyKey: 'once-only',
      kind: 'CREDIT',
      description: 'once',
      postings: [
        { accountId: wallet as string, amount: 100n, type: 'CREDIT' as const },
        { accountId: adjustments, amount: -100n, type: 'CREDIT' as const },
      ],
    };
    const first = await world.t.db.transaction().execute((trx) => ledger.post(trx, entry));
    const second = await world.t.db.transaction().execute((trx) => ledger.post(trx, entry));
    expect(first.duplicate).toBe(false);
    expect(second).toEqual({ entryId: first.entryId, duplicate: true });
    const count = await world.t.db
      .selectFrom('postings')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('entry_id', '=', first.entryId)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe('2');
  });
});

describe('balances move in one statement, last', () => {
  it('judges an entry by its net effect on each account, and names what was needed and available when refused', async () => {
    const ledger = createLedgerService();
    const adjustments = await ledger.platformAccount(world.t.db, 'ADJUSTMENTS');
    const wallet = await demoWallet();
    // The credit and the larger debit of one entry, on one wallet: only the net (-1 kobo past what is
    // available) counts, whatever order the postings come in.
    const over = (key: string) => ({
      idempotencyKey: key,
      kind: 'ADJUSTMENT',
      description: 'net debit',
      postings: [
        { accountId: wallet.id, amount: 500n, type: 'CREDIT' as const },
        { accountId: wallet.id, amount: -(wallet.available + 501n), type: 'DEBIT' as const },
        { accountId: adjustments, amount: wallet.available + 1n, type: 'DEBIT' as const },
      ],
    });
    const refused = await world.t.db
      .transaction()
      .execute((trx) => ledger.post(trx, over('net-over')))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InsufficientFundsError);
    expect((refused as InsufficientFundsError).neededKobo).toBe(wallet.available + 1n);
    expect((refused as InsufficientFundsError).availableKobo).toBe(wallet.available);
    expect(await world.t.db.selectFrom('journal_entries').select('id').where('idempotency_key', '=', 'net-over').execute()).toEqual([]);

    const exact = await world.t.db.transaction().execute((trx) =>
      ledger.post(trx, {
        ...over('net-exact'),
        postings: [
          { accountId: wallet.id, amount: 500n, type: 'CREDIT' as const },
          { accountId: wallet.id, amount: -(wallet.available + 500n), type: 'DEBIT' as const },
          { accountId: adjustments, amount: wallet.available, type: 'DEBIT' as const },
        ],
      }),
    );
    expect(exact.duplicate).toBe(false);
    expect((await demoWallet()).available).toBe(0n);
    expect(await ledger.balanceDiscrepancies(world.t.db)).toEqual([]);
  });

  it('moves the accounts before it writes the postings, and writes none when a movement is refused', async () => {
    const ledger = createLedgerService();
    const adjustments = await ledger.platformAccount(world.t.db, 'ADJUSTMENTS');
    const wallet = await demoWallet();
    const over = wallet.available + 1n;
    const outcome = await world.t.db
      .transaction()
      .execute(async (trx) => {
        const entryId = await repository.insertEntry(trx, {
          idempotencyKey: 'order:refused',
          kind: 'ADJUSTMENT',
          description: 'more than the wallet holds',
          reference: null,
          createdBy: null,
          at: undefined,
        });
        if (!entryId) throw new Error('entry not written');
        const refused = await repository.writePostings(
          trx,
          entryId,
          [
            { accountId: wallet.id, amount: -over, type: 'DEBIT', note: null, fee: 0n },
            { accountId: adjustments, amount: over, type: 'DEBIT', note: null, fee: 0n },
          ],
          [
            { accountId: wallet.id, balance: -over, held: 0n, postings: 1 },
            { accountId: adjustments, balance: over, held: 0n, postings: 1 },
          ],
          undefined,
        );
        // Seen inside the transaction, before the caller rolls it back.
        const written = await trx.selectFrom('postings').select('id').where('entry_id', '=', entryId).execute();
        throw Object.assign(new Error('roll back'), { refused, written: written.length });
      })
      .catch((error: { refused?: string | null; written?: number }) => error);
    expect(outcome.refused).toBe(wallet.id);
    expect(outcome.written).toBe(0);
  });

  it('a capture writes its entry and the caller’s rows first, and locks the shared accounts only in its last statement', async () => {
    const ledger = createLedgerService();
    const revenue = await ledger.platformAccount(world.t.db, 'PLATFORM_REVENUE');
    const wallet = (await demoWallet()).id;
    await fundAndHold(ledger, 'capture-order', wallet, 10_000n, 8_000n);
    const figures = (executor: typeof world.t.db) =>
      executor.selectFrom('ledger_accounts').select(['balance_kobo', 'held_kobo']).where('id', '=', wallet).executeTakeFirstOrThrow();
    /**
     * Whether another connection could lock the wallet now as a balance update does (PostgreSQL:
     * PGlite has one connection). The postings' foreign keys share-lock the key only, which no
     * update of a balance waits for.
     */
    const lockable = () =>
      world.t.db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('id', '=', wallet)
        .forNoKeyUpdate()
        .noWait()
        .execute()
        .then(
          () => true,
          (error: { code?: string }) => {
            if (error.code === '55P03') return false;
            throw error;
          },
        );

    const before = await figures(world.t.db);
    const seen: Array<{ entryFound: boolean; figures: Awaited<ReturnType<typeof figures>>; lockable: boolean | null }> = [];
    let lockedAfter: boolean | null = null;
    await world.t.db.transaction().execute(async (trx) => {
      const captured = await ledger.captureHold(
        trx,
        'capture-order:hold',
        {
          idempotencyKey: 'capture-order:pay',
          kind: 'PAYMENT',
          description: 'pay',
          postings: [
            { accountId: wallet, amount: -6_000n, type: 'PAYMENT' },
            { accountId: revenue, amount: 6_000n, type: 'FEE' },
          ],
        },
        async (entryId) => {
          const entry = await trx.selectFrom('journal_entries').select('id').where('id', '=', entryId).executeTakeFirst();
          seen.push({
            entryFound: entry !== undefined,
            figures: await figures(trx),
            lockable: world.t.engine === 'postgres' ? await lockable() : null,
          });
        },
      );
      expect(captured?.heldKobo).toBe(8_000n);
      if (world.t.engine === 'postgres') lockedAfter = !(await lockable());
    });

    expect(seen).toEqual([{ entryFound: true, figures: before, lockable: world.t.engine === 'postgres' ? true : null }]);
    // PGlite is one connection: nothing else could be locked out, so nothing was looked at there.
    expect(lockedAfter).toBe(world.t.engine === 'postgres' ? true : null);
    const after = await figures(world.t.db);
    expect(BigInt(after.balance_kobo)).toBe(BigInt(before.balance_kobo) - 6_000n);
    expect(BigInt(after.held_kobo)).toBe(BigInt(before.held_kobo) - 8_000n);
    expect(await ledger.balanceDiscrepancies(world.t.db)).toEqual([]);
  });
});

describe('capturing a hold (its capture and its entry are one statement)', () => {
  it('writes no entry when the hold is not open, and only frees the hold when the entry’s key was already posted', async () => {
    const ledger = createLedgerService();
    const revenue = await ledger.platformAccount(world.t.db, 'PLATFORM_REVENUE');
    const wallet = (await demoWallet()).id;
    const payment = (key: string) => ({
      idempotencyKey: key,
      kind: 'PAYMENT',
      description: 'pay',
      postings: [
        { accountId: wallet, amount: -3_000n, type: 'PAYMENT' as const },
        { accountId: revenue, amount: 3_000n, type: 'FEE' as const },
      ],
    });
    const figures = () =>
      world.t.db.selectFrom('ledger_accounts').select(['balance_kobo', 'held_kobo']).where('id', '=', wallet).executeTakeFirstOrThrow();
    const entryOf = (key: string) =>
      world.t.db.selectFrom('journal_entries').select('id').where('idempotency_key', '=', key).executeTakeFirst();
    await fundAndHold(ledger, 'capture-once', wallet, 20_000n, 5_000n);

    // No such open hold: nothing captured, no entry.
    const none = await world.t.db
      .transaction()
      .execute((trx) => ledger.captureHold(trx, 'capture-once:no-hold', payment('capture-once:none')));
    expect(none).toBeNull();
    expect(await entryOf('capture-once:none')).toBeUndefined();

    // The payment's key already posted (by a call before): the hold is closed and its money freed,
    // and nothing is paid again; the entry returned is the one posted before.
    await world.t.db.transaction().execute((trx) => ledger.post(trx, payment('capture-once:paid')));
    const before = await figures();
    const posted = await entryOf('capture-once:paid');
    let ranBeforeBalances = false;
    const captured = await world.t.db.transaction().execute((trx) =>
      ledger.captureHold(trx, 'capture-once:hold', payment('capture-once:paid'), () => {
        ranBeforeBalances = true;
        return Promise.resolve();
      }),
    );
    expect(captured).toEqual({ entryId: posted?.id, heldKobo: 5_000n });
    expect(ranBeforeBalances).toBe(false);
    const after = await figures();
    expect(BigInt(after.balance_kobo)).toBe(BigInt(before.balance_kobo));
    expect(BigInt(after.held_kobo)).toBe(BigInt(before.held_kobo) - 5_000n);
    const hold = await world.t.db
      .selectFrom('holds')
      .select('status')
      .where('reference', '=', 'capture-once:hold')
      .executeTakeFirstOrThrow();
    expect(hold.status).toBe('CAPTURED');
    // A second capture of the same hold finds it closed.
    expect(
      await world.t.db.transaction().execute((trx) => ledger.captureHold(trx, 'capture-once:hold', payment('capture-once:again'))),
    ).toBeNull();
    expect(await entryOf('capture-once:again')).toBeUndefined();
    expect(await ledger.balanceDiscrepancies(world.t.db)).toEqual([]);
  });
});
