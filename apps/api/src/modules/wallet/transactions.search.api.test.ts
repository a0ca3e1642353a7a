/**
 * Searching a wallet's transactions (issue 14): part of the reference or the note, in any case,
 * with `%` and `_` taken literally, over postings and card payments not posted alike; the total
 * and the export hold only the matches.
 */
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../test/csv.js';
import { demoIds } from '../../../test/demo-world.js';
import { creditWalletDirectly } from '../../../test/ledger.js';
import { useTestApp } from '../../../test/test-world.js';
import { idsWithin, listAll, listPage, listOf, rowIds } from '../../../test/list-sort.js';

/** Acme's wallet. */
let walletId: string;
/** The transactions placed for the search, by what they test. */
const placed: Record<'noted' | 'referenced' | 'percentUnderscore' | 'lookalike' | 'pending', string> = {
  noted: '',
  referenced: '',
  percentUnderscore: '',
  lookalike: '',
  pending: '',
};

const searched = (search: string, query: Record<string, string> = {}) => idsWithin(list, { search, ...query });

/** A platform credit of the wallet whose journal entry carries `reference`; the posting's id. */
const creditWithReference = (reference: string, naira: number) =>
  creditWalletDirectly(world.t, walletId, naira, { idempotencyKey: `search:${reference}`, reference });

const world = useTestApp({
  signIn: ['orgadmin@acme.test', 'admin@fleetfuel.test'],
  setUp: async ({ t, token }) => {
    walletId = (await t.call('GET', '/api/wallet', { token: token('orgadmin@acme.test') })).json<{ wallet: { id: string } }>().wallet.id;
    const credit = await t.call('POST', `/api/wallet/${walletId}/create-transaction`, {
      token: token('admin@fleetfuel.test'),
      body: { amount: 250, type: 'CREDIT', note: 'Goodwill Zephyrine rebate' },
    });
    expect(credit.statusCode, credit.body).toBe(200);
    placed.noted = credit.json<{ transaction: { id: string } }>().transaction.id;
    placed.referenced = await creditWithReference('QX-REF-7731', 120);
    placed.percentUnderscore = await creditWithReference('QX-LIT%50_OFF', 50);
    // What `%50_O` would match if `%` and `_` were wildcards.
    placed.lookalike = await creditWithReference('QX-LITA50BOFF', 60);
    const pending = await t.db
      .insertInto('card_payments')
      .values({
        reference: 'qx-card-9q4z',
        provider: 'sandbox',
        purpose: 'WALLET_FUNDING',
        account_id: walletId,
        organization_id: await demoIds(t).organization('Acme Logistics'),
        amount_kobo: '80000',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    placed.pending = `C${pending.id}`;
  },
});
const list = listOf(world, 'orgadmin@acme.test', () => `/api/wallet/transactions/${walletId}`, 'transactions');

describe('searching a wallet’s transactions', () => {
  it('finds a posting by part of its reference, and no other', async () => {
    expect(await searched('ref-77')).toEqual([placed.referenced]);
    const [row] = await listAll(list, { search: 'REF-7731' });
    expect(row).toMatchObject({ id: placed.referenced, reference: 'QX-REF-7731', amount: 120 });
  });

  it('finds a posting by a word of its note, in any case', async () => {
    expect(await searched('zephyrine')).toEqual([placed.noted]);
    expect(await searched('ZEPHYRINE REB')).toEqual([placed.noted]);
  });

  it('takes % and _ literally', async () => {
    expect(await searched('%50_O')).toEqual([placed.percentUnderscore]);
    expect(await searched('50_')).toEqual([placed.percentUnderscore]);
    expect(await searched('QX-LIT')).toEqual([placed.lookalike, placed.percentUnderscore]);
    expect(await searched('%')).toEqual([placed.percentUnderscore]);
  });

  it('finds a card payment not posted by its reference and by the note the list shows', async () => {
    const [row] = await listAll(list, { search: '9Q4Z' });
    expect(row).toMatchObject({ id: placed.pending, status: 'PENDING', reference: 'qx-card-9q4z', note: 'Awaiting card payment' });
    expect(await searched('awaiting card', { status: 'PENDING' })).toContain(placed.pending);
    expect(await searched('awaiting card', { status: 'SUCCESS' })).toEqual([]);
  });

  it('counts only the matches, on every page and in a chosen sort', async () => {
    const everything = await listPage(list, { pageSize: 1 });
    const first = await listPage(list, { search: 'qx-', pageSize: 2 });
    expect(first.total).toBe(4);
    expect(everything.total).toBeGreaterThan(first.total);
    const second = await listPage(list, { search: 'qx-', pageSize: 2, page: 2 });
    expect(second.total).toBe(4);
    expect(new Set([...rowIds(first.rows), ...rowIds(second.rows)])).toEqual(
      new Set([placed.referenced, placed.percentUnderscore, placed.lookalike, placed.pending]),
    );
    expect(await searched('qx-', { sort: 'amount', order: 'desc' })).toEqual([
      placed.pending,
      placed.referenced,
      placed.lookalike,
      placed.percentUnderscore,
    ]);
    expect((await listPage(list, { search: 'no such transaction qx', pageSize: 1 })).total).toBe(0);
    // An empty box searches nothing: every transaction.
    expect((await listPage(list, { search: '', pageSize: 1 })).total).toBe(everything.total);
  });

  it('exports only the matches of the same search', async () => {
    const res = await world.t.call('GET', '/api/exports/transactions.csv', { token: list.token, query: { walletId, search: 'qx-lit' } });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = parseCsv(res.body.slice(1));
    const reference = (header ?? []).indexOf('Reference');
    expect(rows.map((row) => row[reference])).toEqual(['QX-LITA50BOFF', 'QX-LIT%50_OFF']);

    const card = await world.t.call('GET', '/api/exports/transactions.csv', { token: list.token, query: { walletId, search: 'Q4Z' } });
    expect(card.statusCode, card.body).toBe(200);
    expect(parseCsv(card.body.slice(1)).slice(1)).toEqual([expect.arrayContaining(['qx-card-9q4z', 'PENDING', 'Awaiting card payment'])]);
  });
});
