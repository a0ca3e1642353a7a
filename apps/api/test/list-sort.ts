/**
 * Checks of a list's server-side sort and date range (issue 14) through HTTP, as the web tables
 * call them: each list's test names its path, its reply's array and how to read a column from a row.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { DATE_RANGE_ORDER_MESSAGE, PAGE_SIZE_MAX, SORT_ORDERS, type SortOrder } from '@fleetfuel/contract';
import type { TestApp } from './harness.js';
import type { TestWorld } from './test-world.js';

export interface SortableList {
  t: TestApp;
  token: string;
  /** The list's path, e.g. `/api/vehicles`. */
  url: string;
  /** The reply's array of rows: `data`, or `users` for the accounts list. */
  rowsKey: string;
}

export type ListRow = { id: string } & Record<string, unknown>;
type Query = Record<string, string | number | undefined>;
/** A sorted column's value in a row as the table shows it; null for an empty cell. */
export type ColumnValue = (row: ListRow) => string | number | null;

export async function listPage(list: SortableList, query: Query): Promise<{ rows: ListRow[]; total: number }> {
  const res = await list.t.call('GET', list.url, { token: list.token, query });
  expect(res.statusCode, `${list.url} ${JSON.stringify(query)}: ${res.body}`).toBe(200);
  const body = res.json<Record<string, unknown> & { meta: { total: number } }>();
  return { rows: body[list.rowsKey] as ListRow[], total: body.meta.total };
}

/** Every row of a list in the server's order (the demo's lists fit one page of the largest size). */
export async function listAll(list: SortableList, query: Query = {}): Promise<ListRow[]> {
  const { rows, total } = await listPage(list, { ...query, pageSize: PAGE_SIZE_MAX });
  expect(rows).toHaveLength(total);
  return rows;
}

/** A column read as it stands in the reply: `column('name')`, `column('amount')`. */
const column =
  (key: string): ColumnValue =>
  (row) =>
    row[key] as string | number | null;

/** The ids of rows, in their order. */
export const rowIds = (rows: readonly ListRow[]) => rows.map((row) => row.id);

/** The ids of every row the list holds under `query`, in the server's order. */
export async function idsWithin(list: SortableList, query: Query): Promise<string[]> {
  return rowIds(await listAll(list, query));
}

/** A day range that ends before it starts answers 400 in the error shape. */
async function expectBackwardsRangeRefused(list: SortableList): Promise<void> {
  const backwards = await list.t.call('GET', list.url, { token: list.token, query: { from: '2020-03-11', to: '2020-03-10' } });
  expect(backwards.statusCode).toBe(400);
  expect(backwards.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: `to: ${DATE_RANGE_ORDER_MESSAGE}` });
}

/** Text compares without case, as `lower(...)` in the C collation of the test databases does. */
function compareValues(a: string | number, b: string | number): number {
  const [x, y] = typeof a === 'string' && typeof b === 'string' ? [a.toLowerCase(), b.toLowerCase()] : [a, b];
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The ids of `rows` in the order a sort by `valueOf` must give: by the value, empty cells last in
 * either direction, then by id in the same direction (the tie-breaker).
 */
export function expectedOrder(rows: readonly ListRow[], valueOf: ColumnValue, order: SortOrder): string[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const [x, y] = [valueOf(a), valueOf(b)];
      if (x === null || y === null) return x === y ? sign * compareValues(a.id, b.id) : x === null ? 1 : -1;
      return sign * (compareValues(x, y) || compareValues(a.id, b.id));
    })
    .map((row) => row.id);
}

/** `rows`, as a list returned them, stand in the order a sort by the column `key` in `order` must give. */
export function expectOrderedBy(rows: readonly ListRow[], key: string, order: SortOrder): void {
  expect(rowIds(rows), `${key} ${order}`).toEqual(expectedOrder(rows, column(key), order));
}

/**
 * Sorting by `sort` both ways returns every row of the list's own order, ordered by `valueOf` (by
 * default the reply's field of the sort's name); without `order` the sort ascends. Returns the
 * column's values in ascending order, for the test to compare with the rows it knows.
 */
export async function expectSortedBy(
  list: SortableList,
  sort: string,
  valueOf: ColumnValue = column(sort),
): Promise<Array<string | number | null>> {
  const unsorted = rowIds(await listAll(list)).sort();
  const ascending: ListRow[] = [];
  for (const order of SORT_ORDERS) {
    const rows = await listAll(list, { sort, order });
    expect([...rowIds(rows)].sort(), `${sort} ${order}: the same rows`).toEqual(unsorted);
    expect(rowIds(rows), `${sort} ${order}`).toEqual(expectedOrder(rows, valueOf, order));
    if (order === 'asc') ascending.push(...rows);
  }
  expect(rowIds(await listAll(list, { sort })), `${sort} without order`).toEqual(rowIds(ascending));
  return ascending.map(valueOf);
}

/** Sorted by name, the list gives `names` ascending without case, and exactly their reverse descending. */
export async function expectSortedByName(list: SortableList, names: readonly string[]): Promise<void> {
  expect(await expectSortedBy(list, 'name')).toEqual(names);
  const desc = await listAll(list, { sort: 'name', order: 'desc' });
  expect(desc.map((row) => row.name)).toEqual([...names].reverse());
}

/** A sort outside the list's columns and an order other than asc/desc answer 400 in the error shape. */
export async function expectSortRefusals(list: SortableList, columns: readonly string[], notAllowed: string): Promise<void> {
  const cases: Array<[Query, string]> = [
    [{ sort: notAllowed }, `sort: Must be one of: ${columns.join(', ')}`],
    [{ sort: columns[0], order: 'up' }, 'order: Must be asc or desc'],
    [{ order: 'DESC' }, 'order: Must be asc or desc'],
  ];
  for (const [query, message] of cases) {
    const res = await list.t.call('GET', list.url, { token: list.token, query });
    expect(res.statusCode, JSON.stringify(query)).toBe(400);
    expect(res.json(), JSON.stringify(query)).toMatchObject({ code: 'VALIDATION_FAILED', message, error: message });
  }
}

/**
 * Pages of 2 under a sort whose values repeat hold every row exactly once, in the order of one
 * large page: the tie-breaker keeps equal values in one order from page to page.
 */
export async function expectPagesCoverEveryRow(list: SortableList, sort: string, valueOf: ColumnValue = column(sort)): Promise<void> {
  for (const order of SORT_ORDERS) {
    const all = await listAll(list, { sort, order });
    expect(new Set(all.map(valueOf)).size, `${sort} repeats its values`).toBeLessThan(all.length);
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 2); page += 1) {
      paged.push(...rowIds((await listPage(list, { sort, order, page, pageSize: 2 })).rows));
    }
    expect(paged, `${sort} ${order}`).toEqual(rowIds(all));
  }
}

/**
 * Day ranges over rows placed around the Lagos days 2020-03-10 and 2020-03-11: each query (`from`,
 * `to`, with a sort or a filter) gives exactly its rows, in order; from 2020-03-11 on the list holds
 * every row but `lateOnDay`, the one row placed before that day; a range that ends before it starts
 * is refused.
 */
export async function expectDayRanges(
  list: SortableList,
  ranges: ReadonlyArray<readonly [Query, readonly string[]]>,
  lateOnDay: string,
): Promise<void> {
  for (const [query, expected] of ranges) expect(await idsWithin(list, query), JSON.stringify(query)).toEqual(expected);
  const all = await idsWithin(list, {});
  expect(await idsWithin(list, { from: '2020-03-11' })).toEqual(all.filter((id) => id !== lateOnDay));
  await expectBackwardsRangeRefused(list);
}

/**
 * The two checks every sorted list shares, as tests of the file's describe: pages under each sort
 * in `repeated` (columns whose values repeat, read as the reply holds them) cover every row once,
 * and a sort outside `columns` (the contract's) such as `notAllowed`, or an unknown order, is refused.
 */
export function itPagesAndRefusesSorts(
  list: SortableList,
  sorts: { repeated: readonly string[]; columns: readonly string[]; notAllowed: string },
): void {
  it('pages through repeated values without losing or repeating a row', async () => {
    for (const sort of sorts.repeated) await expectPagesCoverEveryRow(list, sort);
  });

  it('refuses a column it cannot sort by and an unknown order', async () => {
    await expectSortRefusals(list, sorts.columns, sorts.notAllowed);
  });
}

/**
 * `from` and `to` bound the Lagos day a row was created, both days included. One row is moved to
 * the last half hour of a day and another to the first half hour of the next (still the day before
 * in UTC), on days long before the demo's rows; both go back to their own day afterwards, so that
 * the file's other tests, in whatever order they run, see the list as it was.
 */
export async function expectCreatedDayRange(
  list: SortableList,
  table: 'organizations' | 'fuel_stations' | 'users',
  rows: { onDay: string; dayAfter: string },
): Promise<void> {
  // As text, to the microsecond: a JavaScript date would round them away and could reorder rows.
  const { rows: created } = await sql<{ id: string; at: string }>`
    SELECT id, created_at::text AS at FROM ${sql.table(table)} WHERE id IN (${rows.onDay}, ${rows.dayAfter})`.execute(list.t.db);
  expect(created).toHaveLength(2);
  const moveTo = (id: string, instant: string) =>
    sql`UPDATE ${sql.table(table)} SET created_at = ${instant}::timestamptz WHERE id = ${id}`.execute(list.t.db);
  try {
    await moveTo(rows.onDay, '2020-03-10T23:30:00+01:00');
    await moveTo(rows.dayAfter, '2020-03-11T00:30:00+01:00');
    await expectDayBounds(list, rows);
  } finally {
    for (const { id, at } of created) await moveTo(id, at);
  }
}

async function expectDayBounds(list: SortableList, rows: { onDay: string; dayAfter: string }): Promise<void> {
  const within = (query: Query) => idsWithin(list, query);
  expect(await within({ from: '2020-03-10', to: '2020-03-10' })).toEqual([rows.onDay]);
  expect(await within({ from: '2020-03-11', to: '2020-03-11' })).toEqual([rows.dayAfter]);
  expect(await within({ to: '2020-03-10' })).toEqual([rows.onDay]);
  expect(await within({ from: '2020-03-09', to: '2020-03-11', sort: 'createdAt', order: 'desc' })).toEqual([rows.dayAfter, rows.onDay]);
  const fromTheDay = await within({ from: '2020-03-10' });
  expect(fromTheDay).toEqual(expect.arrayContaining([rows.onDay, rows.dayAfter]));
  expect(fromTheDay).toHaveLength((await listAll(list)).length);
  const fromTheDayAfter = await within({ from: '2020-03-11' });
  expect(fromTheDayAfter).toContain(rows.dayAfter);
  expect(fromTheDayAfter).not.toContain(rows.onDay);
  expect(fromTheDayAfter).toHaveLength(fromTheDay.length - 1);

  await expectBackwardsRangeRefused(list);
  const notADay = await list.t.call('GET', list.url, { token: list.token, query: { from: '2020-02-30' } });
  expect(notADay.statusCode).toBe(400);
  expect(notADay.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'from: Must be a valid date (YYYY-MM-DD)' });
}

/**
 * A list for the checks above, read as `as` (signed in by the file's `useTestApp`) through the
 * file's app: usable at the top of the file, its app, token and `url` (a function for a path only
 * the set-up knows) are read when a test runs.
 */
export function listOf(
  world: Pick<TestWorld<Record<string, string>>, 't' | 'token'>,
  as: string,
  url: string | (() => string),
  rowsKey = 'data',
): SortableList {
  return {
    get t() {
      return world.t;
    },
    get token() {
      return world.token(as);
    },
    get url() {
      return typeof url === 'function' ? url() : url;
    },
    rowsKey,
  };
}
