/**
 * A wallet's transactions sorted by their columns and bounded by the Lagos days they happened, on
 * the server (issue 14): postings and card payments not posted sort together, pages stay stable, and
 * the export holds the days asked for.
 */
import { lagosDateTime, DATE_RANGE_ORDER_MESSAGE, TRANSACTION_SORTS } from '@fleetfuel/contract';
import { describe, expect, it } from 'vitest';
import { seedDemoActivity } from '../../db/seed-activity.js';
import { parseCsv } from '../../../test/csv.js';
import { demoIds } from '../../../test/demo-world.js';
import { creditWalletDirectly } from '../../../test/ledger.js';
import { useTestApp } from '../../../test/test-world.js';
import {
  expectDayRanges,
  expectOrderedBy,
  expectSortedBy,
  itPagesAndRefusesSorts,
  listAll,
  type ListRow,
  listOf,
  rowIds,
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

/** A platform admin's credit of the wallet, dated `at` as imported history is. */
const creditAt = (at: string, naira: number) =>
  creditWalletDirectly(world.t, walletId, naira, { idempotencyKey: `list-sort:${at}`, at: new Date(at), note: at });

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
    expect(rowIds(rows)).toEqual(rowIds(newestFirst));
    expect(rowIds(rows).slice(-4)).toEqual([placed.failedEarlyThirdDay, placed.failedLateDayAfter, placed.earlyDayAfter, placed.lateOnDay]);
  });

  it('sorts postings and unposted card payments together by each column, both ways', async () => {
    const amounts = await expectSortedBy(list, 'amount');
    expect(amounts[0]).toBe(-214600);
    expect(amounts.at(-1)).toBe(1500000);
    const statuses = await expectSortedBy(list, 'status');
    expect([...new Set(statuses)]).toEqual(['FAILED', 'PENDING', 'SUCCESS']);
    const types = await expectSortedBy(list, 'type');
    expect([...new Set(types)]).toEqual(['CREDIT', 'DEBIT', 'FUNDING', 'PAYMENT', 'SUBSCRIPTION']);
    await expectSortedBy(list, 'fee');
    const instants = await expectSortedBy(list, 'createdAt');
    expect(instants[0]).toBe(new Date('2020-03-10T23:30:00+01:00').toISOString());
  });

  it('sorts within the filters', async () => {
    const rows = await listAll(list, { type: 'PAYMENT', sort: 'amount', order: 'desc' });
    expect(rows.length).toBeGreaterThan(5);
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(['PAYMENT']));
    expectOrderedBy(rows, 'amount', 'desc');
    expect((rows[0] as ListRow).amount).toBe(-8882.5);
  });

  itPagesAndRefusesSorts(list, { repeated: ['status', 'type'], columns: TRANSACTION_SORTS, notAllowed: 'reference' });
});

describe('the days of a wallet’s transactions', () => {
  it('bounds each transaction by its Lagos day, both days included', async () => {
    const { lateOnDay, earlyDayAfter, failedLateDayAfter, failedEarlyThirdDay } = placed;
    await expectDayRanges(
      list,
      [
        [{ from: '2020-03-10', to: '2020-03-10' }, [lateOnDay]],
        [{ from: '2020-03-11', to: '2020-03-11' }, [failedLateDayAfter, earlyDayAfter]],
        [{ from: '2020-03-12', to: '2020-03-12' }, [failedEarlyThirdDay]],
        [{ to: '2020-03-11' }, [failedLateDayAfter, earlyDayAfter, lateOnDay]],
        [{ from: '2020-03-10', to: '2020-03-12', sort: 'amount' }, [failedEarlyThirdDay, earlyDayAfter, lateOnDay, failedLateDayAfter]],
        [{ from: '2020-03-11', to: '2020-03-12', status: 'FAILED' }, [failedEarlyThirdDay, failedLateDayAfter]],
      ],
      lateOnDay,
    );
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
