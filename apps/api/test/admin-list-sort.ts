/**
 * One table of checks for a platform admin's list of records that join the platform (clients, fuel
 * stations): its server-side sort, pages and day range (issue 14). Each list's test file names the
 * list, the two rows its set-up adds — one named in lower case (sorted without case it comes
 * first), one suspended — and what each sort must give over the two demo rows and those two.
 */
import { describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { DB } from '../src/platform/db/schema.js';
import { demoIds } from './demo-world.js';
import { useTestApp } from './test-world.js';
import { expectCreatedDayRange, expectSortedBy, expectSortedByName, itPagesAndRefusesSorts, listAll, listOf } from './list-sort.js';

const ADMIN = 'admin@fleetfuel.test';

type DemoFind = ReturnType<typeof demoIds>;
type JoiningTable = 'organizations' | 'fuel_stations';

export interface AdminListSortCase<Table extends JoiningTable> {
  /** What the describe calls the list: `the fuel stations list`. */
  title: string;
  /** The list's path, e.g. `/api/admin/fuel-stations`. */
  url: string;
  /** The table the rows live in, whose `created_at` the day range moves. */
  table: Table;
  /** The rows the set-up adds: the lower-case named one and the suspended one. */
  added: ReadonlyArray<Insertable<DB[Table]>>;
  /** The names of the last two rows without a sort: the demo's, newest first. */
  oldestTwo: readonly [string, string];
  /** Every row's name, ascending without case. */
  names: readonly string[];
  /** The other columns it sorts by (the date joined aside), with every row's value ascending. */
  sorts: Readonly<Record<string, ReadonlyArray<string | null>>>;
  /** Columns whose values repeat, to page through. */
  repeated: readonly string[];
  /** The list's sort columns (from the contract) and one it must refuse. */
  columns: readonly string[];
  notAllowed: string;
  /** The row moved to the last half hour of a day and the one moved to the first of the next. */
  dayRange: (find: DemoFind) => Promise<{ onDay: string; dayAfter: string }>;
}

export function describeAdminListSort<Table extends JoiningTable>(list: AdminListSortCase<Table>): void {
  const world = useTestApp({
    signIn: [ADMIN],
    setUp: async ({ t }) => {
      await t.db.insertInto(list.table).values(list.added).execute();
    },
  });
  const rows = listOf(world, ADMIN, list.url);

  describe(`sorting ${list.title}`, () => {
    it('keeps newest first without a sort', async () => {
      expect((await listAll(rows)).slice(2).map((row) => row.name)).toEqual(list.oldestTwo);
    });

    it('sorts by name both ways, without case', async () => {
      await expectSortedByName(rows, list.names);
    });

    it.each(Object.entries(list.sorts))('sorts by %s both ways', async (sort, values) => {
      expect(await expectSortedBy(rows, sort)).toEqual(values);
    });

    it('sorts by date joined both ways', async () => {
      await expectSortedBy(rows, 'createdAt');
    });

    itPagesAndRefusesSorts(rows, list);

    it('bounds the list by the Lagos day each row joined', async () => {
      await expectCreatedDayRange(rows, list.table, await list.dayRange(demoIds(world.t)));
    });
  });
}
