/**
 * A wallet's transactions sorted by their columns and bounded by the Lagos days they happened, on
 * the server (issue 14): postings and card payments not posted sort together, pages stay stable, and
 * the export holds the days asked for.
 */
import { lagosDateTime, DATE_RANGE_ORDER_MESSAGE, TRANSACTION_SORTS } from '@fleetfuel/contract';
import { describe, expect, it } from 'vitest';
import { seedDemoActivity } from '../../db/seed-activity.js';
import { createLedgerService } from '../ledger/index.js';
import { parseCsv } from '../../../test/csv.js';
import { demoIds } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';
import {
  expectedOrder,
  expectPagesCoverEveryRow,
  expectSortedBy,
  expectSortRefusals,
  listAll,
  type ColumnValue,
  type ListRow,
  listOf,
} from '../../../test/list-sort.js';

/** Acme's wallet. */
let walletId: string;
/** Transactions of known instants, by what they test. */
const placed: Record<'lateOnDay' | 'earlyDayAfter' | 'failedLateDayAfter' | 'failedEarlyThirdDay', string> = {
  lateOnDay: '',
  earlyDayAfter: '',
  failedLateDayAfter: '',
  failedEarlyThirdDay: '',
};

const text =
  (key: string): ColumnValue =>
  (row) =>
    row[key] as string;
const amount =
  (key: string): ColumnValue =>
  (row) =>
    row[key] as number;
const ids = (rows: readonly ListRow[]) => rows.map((row) => row.id);

/** A platform admin's credit of the wallet, dated `at` as imported history is. */
async function creditAt(at: string, naira: number): Promise<string> {
  const ledger = createLedgerService();
  const { entryId } = await world.t.db.transaction().execute(async (trx) =>
    ledger.post(trx, {
      idempotencyKey: `list-sort:${at}`,
      kind: 'CREDIT',
      description: 'Test credit',
      at: new Date(at),
      postings: [
        { accountId: walletId, amount: BigInt(naira * 100), type: 'CREDIT', note: at },
        { accountId: await ledger.platformAccount(trx, 'ADJUSTMENTS'), amount: -BigInt(naira * 100), type: 'CREDIT', note: at },
      ],
    }),
  );
  const posting = await world.t.db
    .selectFrom('postings')
    .select('id')
    .where('entry_id', '=', entryId)
    .where('account_id', '=', walletId)
    .executeTakeFirstOrThrow();
  return `P${posting.id}`;
}

/** A card payment that failed, at `at`: a transaction the list shows without a posting. */
async function failedCardPaymentAt(at: string, naira: number): Promise<string> {
  const row = await world.t.db
    .insertInto('card_payments')
    .values({
      reference: `list-sort-${at}`,
      provider: 'sandbox',
      purpose: 'WALLET_FUNDING',
      account_id: walletId,
      organization_id: await demoIds(world.t).organization('Acme Logistics'),
      amount_kobo: String(naira * 100),
      status: 'FAILED',
      failure_reason: 'Card declined',
      created_at: new Date(at),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return `C${row.id}`;
}

const world = useTestApp({
  setUp: async ({ t, signIn }) => {
    await t.db.transaction().execute((trx) => seedDemoActivity(trx));
    // Signed in after the activity is seeded, as before.
    const token = await signIn('orgadmin@acme.test');
    walletId = (await t.call('GET', '/api/wallet', { token })).json<{ wallet: { id: string } }>().wallet.id;
    // Lagos is UTC+1: the early ones are still the day before in UTC.
    placed.lateOnDay = await creditAt('2020-03-10T23:30:00+01:00', 700);
    placed.earlyDayAfter = await creditAt('2020-03-11T00:30:00+01:00', 300);
    placed.failedLateDayAfter = await failedCardPaymentAt('2020-03-11T23:50:00+01:00', 900);
    placed.failedEarlyThirdDay = await failedCardPaymentAt('2020-03-12T00:20:00+01:00', 100);
  },
});
const list = listOf(world, 'orgadmin@acme.test', () => `/api/wallet/transactions/${walletId}`, 'transactions');

describe('sorting a wallet’s transactions', () => {
  it('keeps newest first without a sort, a posting before a card payment of the same instant', async () => {
    const rows = await listAll(list);
    const key = (row: ListRow) => [row.createdAt as string, row.id.startsWith('P') ? 1 : 0, Number(row.id.slice(1)) || 0] as const;
    const newestFirst = [...rows].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return x[0] !== y[0] ? (x[0] < y[0] ? 1 : -1) : y[1] - x[1] || y[2] - x[2];
    });
    expect(ids(rows)).toEqual(ids(newestFirst));
    expect(ids(rows).slice(-4)).toEqual([placed.failedEarlyThirdDay, placed.failedLateDayAfter, placed.earlyDayAfter, placed.lateOnDay]);
  });

  it('sorts postings and unposted card payments together by each column, both ways', async () => {
    const amounts = await expectSortedBy(list, 'amount', amount('amount'));
    expect(amounts[0]).toBe(-214600);
    expect(amounts.at(-1)).toBe(1500000);
    const statuses = await expectSortedBy(list, 'status', text('status'));
    expect([...new Set(statuses)]).toEqual(['FAILED', 'PENDING', 'SUCCESS']);
    const types = await expectSortedBy(list, 'type', text('type'));
    expect([...new Set(types)]).toEqual(['CREDIT', 'DEBIT', 'FUNDING', 'PAYMENT', 'SUBSCRIPTION']);
    await expectSortedBy(list, 'fee', amount('fee'));
    const instants = await expectSortedBy(list, 'createdAt', text('createdAt'));
    expect(instants[0]).toBe(new Date('2020-03-10T23:30:00+01:00').toISOString());
  });

  it('sorts within the filters', async () => {
    const rows = await listAll(list, { type: 'PAYMENT', sort: 'amount', order: 'desc' });
    expect(rows.length).toBeGreaterThan(5);
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(['PAYMENT']));
    expect(ids(rows)).toEqual(expectedOrder(rows, amount('amount'), 'desc'));
    expect((rows[0] as ListRow).amount).toBe(-8882.5);
  });

  it('pages through repeated values without losing or repeating a row', async () => {
    await expectPagesCoverEveryRow(list, 'status', text('status'));
    await expectPagesCoverEveryRow(list, 'type', text('type'));
  });

  it('refuses a column it cannot sort by and an unknown order', async () => {
    await expectSortRefusals(list, TRANSACTION_SORTS, 'reference');
  });
});

describe('the days of a wallet’s transactions', () => {
  it('bounds each transaction by its Lagos day, both days included', async () => {
    const within = async (query: Record<string, string>) => ids(await listAll(list, query));
    expect(await within({ from: '2020-03-10', to: '2020-03-10' })).toEqual([placed.lateOnDay]);
    expect(await within({ from: '2020-03-11', to: '2020-03-11' })).toEqual([placed.failedLateDayAfter, placed.earlyDayAfter]);
    expect(await within({ from: '2020-03-12', to: '2020-03-12' })).toEqual([placed.failedEarlyThirdDay]);
    expect(await within({ to: '2020-03-11' })).toEqual([placed.failedLateDayAfter, placed.earlyDayAfter, placed.lateOnDay]);
    expect(await within({ from: '2020-03-10', to: '2020-03-12', sort: 'amount' })).toEqual([
      placed.failedEarlyThirdDay,
      placed.earlyDayAfter,
      placed.lateOnDay,
      placed.failedLateDayAfter,
    ]);
    expect(await within({ from: '2020-03-11', to: '2020-03-12', status: 'FAILED' })).toEqual([
      placed.failedEarlyThirdDay,
      placed.failedLateDayAfter,
    ]);
    const all = await within({});
    expect(await within({ from: '2020-03-11' })).toEqual(all.filter((id) => id !== placed.lateOnDay));

    const backwards = await world.t.call('GET', list.url, { token: list.token, query: { from: '2020-03-11', to: '2020-03-10' } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: `to: ${DATE_RANGE_ORDER_MESSAGE}` });
  });

  it('exports only the transactions of the days asked for', async () => {
    const exportCsv = async (query: Record<string, string>) => {
      const res = await world.t.call('GET', '/api/exports/transactions.csv', { token: list.token, query: { walletId, ...query } });
      expect(res.statusCode, res.body).toBe(200);
      const [header, ...rows] = parseCsv(res.body.slice(1));
      return rows.map((row) => Object.fromEntries((header ?? []).map((name, i) => [name, row[i]])));
    };
    expect(await exportCsv({ from: '2020-03-11', to: '2020-03-11' })).toEqual([
      expect.objectContaining({ Date: lagosDateTime(new Date('2020-03-11T23:50:00+01:00')), Amount: '900.00', Status: 'FAILED' }),
      expect.objectContaining({ Date: lagosDateTime(new Date('2020-03-11T00:30:00+01:00')), Amount: '300.00', Type: 'CREDIT' }),
    ]);
    expect(await exportCsv({ to: '2020-03-10', type: 'CREDIT' })).toEqual([expect.objectContaining({ Amount: '700.00' })]);
    const res = await world.t.call('GET', '/api/exports/transactions.csv', {
      token: list.token,
      query: { walletId, from: '2020-03-12', to: '2020-03-11' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: `to: ${DATE_RANGE_ORDER_MESSAGE}` });
  });
});
