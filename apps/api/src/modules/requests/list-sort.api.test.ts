/**
 * The fuel and maintenance request lists sorted by their columns and bounded by the dates they show,
 * on the server (issue 14): each sort against the demo's rows sorted here, stable pages, refusals,
 * the summary over the same range as the rows, and the exports over the same range.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_RANGE_ORDER_MESSAGE, FUEL_REQUEST_SORTS, MAINTENANCE_SORTS } from '@fleetfuel/contract';
import { seedDemoActivity } from '../../db/seed-activity.js';
import { parseCsv } from '../../../test/csv.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import {
  expectedOrder,
  expectPagesCoverEveryRow,
  expectSortedBy,
  expectSortRefusals,
  listAll,
  listPage,
  type ColumnValue,
  type ListRow,
  type SortableList,
} from '../../../test/list-sort.js';

let t: TestApp;
let fuel: SortableList;
let maintenance: SortableList;
let adminToken: string;

const text =
  (key: string): ColumnValue =>
  (row) =>
    row[key] as string | null;
const amount =
  (key: string): ColumnValue =>
  (row) =>
    row[key] as number | null;
/** The cost the maintenance table shows: the final cost once there is one, else the estimate. */
const shownCost: ColumnValue = (row) => (row.finalCost as number | null) ?? (row.cost as number);
const ids = (rows: readonly ListRow[]) => rows.map((row) => row.id);
const sum = (rows: readonly ListRow[], valueOf: ColumnValue) => rows.reduce((total, row) => total + Number(valueOf(row) ?? 0), 0);
const isWithin = (range: { from: string; to: string }) => (day: unknown) => typeof day === 'string' && day >= range.from && day <= range.to;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.transaction().execute((trx) => seedDemoActivity(trx));
  adminToken = await t.login('admin@fleetfuel.test');
  fuel = { t, token: adminToken, url: '/api/fuel-requests/all-requests', rowsKey: 'requests' };
  maintenance = { t, token: adminToken, url: '/api/maintenance/all-requests', rowsKey: 'logs' };
  // A job the station finished below its estimate: the table shows (and sorts by) the final cost.
  await sql`UPDATE maintenance_requests SET final_cost_kobo = 100000
    WHERE id = (SELECT id FROM maintenance_requests WHERE status = 'COMPLETED' ORDER BY cost_kobo DESC LIMIT 1)`.execute(t.db);
});
afterAll(async () => t.close());

async function reply(list: SortableList, query: Record<string, string | number>) {
  const res = await t.call('GET', list.url, { token: list.token, query: { pageSize: 100, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ summary: Record<string, number>; meta: { total: number } } & Record<string, unknown>>();
}

/**
 * `from` and `to` bound the calendar date a list shows (`column`), both days included: one row is
 * moved to a day long before the demo's and another to the day after it. Their creation stays
 * recent, so a range of those days finds them by the shown date alone.
 */
async function expectShownDateRange(list: SortableList, table: 'fuel_requests' | 'maintenance_requests', column: string) {
  const [onDay, dayAfter] = ids(await listAll(list)).slice(0, 2) as [string, string];
  const moveTo = (id: string, day: string) =>
    sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${day} WHERE id = ${id}`.execute(t.db);
  await moveTo(onDay, '2020-03-10');
  await moveTo(dayAfter, '2020-03-11');

  const within = async (query: Record<string, string>) => ids(await listAll(list, query));
  expect(await within({ from: '2020-03-10', to: '2020-03-10' })).toEqual([onDay]);
  expect(await within({ from: '2020-03-11', to: '2020-03-11' })).toEqual([dayAfter]);
  expect(await within({ from: '2020-03-09', to: '2020-03-11' })).toEqual([onDay, dayAfter]);
  expect(await within({ to: '2020-03-10' })).toEqual([onDay]);
  const all = await within({});
  const fromTheDayAfter = await within({ from: '2020-03-11' });
  expect(fromTheDayAfter).toEqual(all.filter((id) => id !== onDay));

  const backwards = await t.call('GET', list.url, { token: list.token, query: { from: '2020-03-11', to: '2020-03-10' } });
  expect(backwards.statusCode).toBe(400);
  expect(backwards.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: `to: ${DATE_RANGE_ORDER_MESSAGE}` });
}

describe('sorting the fuel requests', () => {
  it('keeps newest first without a sort', async () => {
    const expected = await t.db.selectFrom('fuel_requests').select('id').orderBy('created_at', 'desc').orderBy('id').execute();
    expect(ids(await listAll(fuel))).toEqual(expected.map((row) => row.id));
  });

  it('sorts by volume, supply date, status and creation, both ways', async () => {
    const stored = await t.db.selectFrom('fuel_requests').select(['volume', 'supply_date']).execute();
    expect(await expectSortedBy(fuel, 'volume', amount('volume'))).toEqual(stored.map((row) => Number(row.volume)).sort((a, b) => a - b));
    expect(await expectSortedBy(fuel, 'supplyDate', text('supplyDate'))).toEqual(stored.map((row) => row.supply_date).sort());
    const statuses = await expectSortedBy(fuel, 'status', text('status'));
    expect(statuses[0]).toBe('APPROVED');
    expect(statuses.at(-1)).toBe('REJECTED');
    await expectSortedBy(fuel, 'createdAt', text('createdAt'));
  });

  it('sorts within the filters and the tenant of the caller', async () => {
    const acme = { ...fuel, token: await t.login('orgadmin@acme.test') };
    const rows = await listAll(acme, { sort: 'volume', order: 'desc', status: 'COMPLETED' });
    expect(rows.length).toBeGreaterThan(2);
    expect(new Set(rows.map((row) => (row.organization as { name: string }).name))).toEqual(new Set(['Acme Logistics']));
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['COMPLETED']));
    expect(ids(rows)).toEqual(expectedOrder(rows, amount('volume'), 'desc'));

    const driver = await t.login('driver@acme.test');
    const mine = await listAll({ ...fuel, token: driver, url: '/api/fuel-requests/my-requests' }, { sort: 'supplyDate', order: 'asc' });
    expect(mine.length).toBeGreaterThan(1);
    expect(ids(mine)).toEqual(expectedOrder(mine, text('supplyDate'), 'asc'));
  });

  it('pages through repeated values without losing or repeating a row', async () => {
    await expectPagesCoverEveryRow(fuel, 'status', text('status'));
    await expectPagesCoverEveryRow(fuel, 'volume', amount('volume'));
  });

  it('refuses a column it cannot sort by and an unknown order', async () => {
    await expectSortRefusals(fuel, FUEL_REQUEST_SORTS, 'cost');
    await expectSortRefusals({ ...fuel, url: '/api/fuel-requests/my-requests' }, FUEL_REQUEST_SORTS, 'station');
  });
});

describe('sorting the maintenance jobs', () => {
  it('keeps newest first without a sort', async () => {
    const expected = await t.db.selectFrom('maintenance_requests').select('id').orderBy('created_at', 'desc').orderBy('id').execute();
    expect(ids(await listAll(maintenance))).toEqual(expected.map((row) => row.id));
  });

  it('sorts by the cost the table shows, the date, status and creation, both ways', async () => {
    const stored = await t.db.selectFrom('maintenance_requests').select(['cost_kobo', 'final_cost_kobo', 'service_date']).execute();
    const shownKobo = stored.map((row) => Number(row.final_cost_kobo ?? row.cost_kobo)).sort((a, b) => a - b);
    expect(await expectSortedBy(maintenance, 'cost', shownCost)).toEqual(shownKobo.map((kobo) => kobo / 100));
    // The job finished below its estimate sorts by its final cost: first, though its estimate is the largest completed one.
    expect((await listAll(maintenance, { sort: 'cost' }))[0]).toMatchObject({ finalCost: 1000, status: 'COMPLETED' });
    expect(await expectSortedBy(maintenance, 'date', text('date'))).toEqual(stored.map((row) => row.service_date).sort());
    await expectSortedBy(maintenance, 'status', text('status'));
    await expectSortedBy(maintenance, 'createdAt', text('createdAt'));
  });

  it('pages through repeated statuses without losing or repeating a row', async () => {
    await expectPagesCoverEveryRow(maintenance, 'status', text('status'));
  });

  it('refuses a column it cannot sort by, on both of its lists', async () => {
    await expectSortRefusals(maintenance, MAINTENANCE_SORTS, 'volume');
    await expectSortRefusals({ ...maintenance, url: '/api/maintenance/my-requests' }, MAINTENANCE_SORTS, 'supplyDate');
  });
});

describe('the date range of the request lists', () => {
  it('bounds a fuel request by its supply date, both days included', async () => {
    await expectShownDateRange(fuel, 'fuel_requests', 'supply_date');
  });

  it('bounds a maintenance job by its date, both days included', async () => {
    await expectShownDateRange(maintenance, 'maintenance_requests', 'service_date');
  });

  it('sums the fuel summary over the rows of the range only', async () => {
    const dates = [...new Set((await listAll(fuel)).map((row) => row.supplyDate as string))].sort();
    const range = { from: dates[Math.floor(dates.length / 3)] as string, to: dates[Math.floor((2 * dates.length) / 3)] as string };
    const rows = await listAll(fuel, range);
    expect(rows.map((row) => row.supplyDate).every(isWithin(range))).toBe(true);
    const ofStatus = (...statuses: string[]) => rows.filter((row) => statuses.includes(row.status as string));
    const body = await reply(fuel, range);
    expect(body.meta.total).toBe(rows.length);
    expect(body.summary).toEqual({
      totalVolume: sum(
        rows.filter((row) => row.status !== 'REJECTED'),
        amount('volume'),
      ),
      pendingVolume: sum(ofStatus('PENDING'), amount('volume')),
      approvedVolume: sum(ofStatus('APPROVED'), amount('volume')),
      dispensedVolume: sum(ofStatus('COMPLETED'), amount('dispensedVolume')),
      pendingCount: ofStatus('PENDING').length,
    });
    expect(body.summary.totalVolume).toBeLessThan((await reply(fuel, {})).summary.totalVolume as number);
    // With a status filter too, the summary keeps to both.
    const completed = await reply(fuel, { ...range, status: 'COMPLETED' });
    expect(completed.summary.dispensedVolume).toBe(body.summary.dispensedVolume);
    expect(completed.summary.pendingCount).toBe(0);
  });

  it('counts the maintenance summary over the rows of the range only', async () => {
    const all = await listAll(maintenance);
    const dates = all.map((row) => row.date as string).sort();
    const range = { from: dates[1] as string, to: dates.at(-2) as string };
    const rows = await listAll(maintenance, range);
    expect(rows.map((row) => row.date).every(isWithin(range))).toBe(true);
    expect(rows.length).toBe(all.filter((row) => isWithin(range)(row.date)).length);
    expect(rows.length).toBeLessThan(all.length);
    const ofStatus = (...statuses: string[]) => rows.filter((row) => statuses.includes(row.status as string));
    expect((await reply(maintenance, range)).summary).toEqual({
      totalCount: rows.length,
      pendingCount: ofStatus('PENDING').length,
      approvedCount: ofStatus('APPROVED').length,
      completedCount: ofStatus('COMPLETED').length,
      pendingCost: sum(ofStatus('PENDING', 'APPROVED'), amount('cost')),
      completedCost: sum(ofStatus('COMPLETED'), amount('amount')),
    });
  });

  it('sorts the rows of a range by each column, page by page', async () => {
    const columns: Array<[SortableList, string, Record<string, ColumnValue>]> = [
      [
        fuel,
        'supplyDate',
        { volume: amount('volume'), supplyDate: text('supplyDate'), status: text('status'), createdAt: text('createdAt') },
      ],
      [maintenance, 'date', { cost: shownCost, date: text('date'), status: text('status'), createdAt: text('createdAt') }],
    ];
    for (const [list, shown, sorts] of columns) {
      const dates = (await listAll(list)).map((row) => row[shown] as string).sort();
      const range = { from: dates[1] as string, to: dates.at(-2) as string };
      const inRange = ids(await listAll(list, range)).sort();
      for (const [sort, valueOf] of Object.entries(sorts)) {
        for (const order of ['asc', 'desc'] as const) {
          const rows = await listAll(list, { ...range, sort, order });
          expect(ids(rows).sort(), `${list.url} ${sort} ${order}`).toEqual(inRange);
          expect(ids(rows), `${list.url} ${sort} ${order}`).toEqual(expectedOrder(rows, valueOf, order));
          const paged: string[] = [];
          for (let page = 1; page <= Math.ceil(rows.length / 2); page += 1) {
            paged.push(...ids((await listPage(list, { ...range, sort, order, page, pageSize: 2 })).rows));
          }
          expect(paged, `${list.url} ${sort} ${order} in pages of 2`).toEqual(ids(rows));
        }
      }
    }
  });

  it('exports only the requests of the range, as the list shows them', async () => {
    const exportCsv = async (path: string, query: Record<string, string>) => {
      const res = await t.call('GET', `/api/exports/${path}`, { token: adminToken, query });
      expect(res.statusCode, res.body).toBe(200);
      const [header, ...rows] = parseCsv(res.body.slice(1));
      return { header: header ?? [], rows };
    };
    const cells = (csv: { header: string[]; rows: string[][] }, name: string) => csv.rows.map((row) => row[csv.header.indexOf(name)]);
    for (const [path, list, shown, header] of [
      ['fuel-requests.csv', fuel, 'supplyDate', 'Supply Date'],
      ['maintenance.csv', maintenance, 'date', 'Date'],
    ] as const) {
      const dates = (await listAll(list)).map((row) => row[shown] as string).sort();
      const range = { from: dates[1] as string, to: dates.at(-2) as string };
      const inRange = await listAll(list, range);
      expect(inRange.length, path).toBeLessThan(dates.length);
      const csv = await exportCsv(path, range);
      expect(cells(csv, header).every(isWithin(range)), path).toBe(true);
      // Newest first, as the list without a sort: the same rows, in the same order.
      expect(cells(csv, header), path).toEqual(inRange.map((row) => row[shown]));
      expect(cells(csv, 'Created'), path).toHaveLength(inRange.length);

      const backwards = await t.call('GET', `/api/exports/${path}`, { token: adminToken, query: { from: range.to, to: range.from } });
      expect(backwards.statusCode, path).toBe(400);
      expect(backwards.json(), path).toMatchObject({ code: 'VALIDATION_FAILED', message: `to: ${DATE_RANGE_ORDER_MESSAGE}` });
    }
  });
});
