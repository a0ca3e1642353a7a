/** The groups list sorted by its columns on the server (issue 14): text without case, the client's name, stable pages. */
import { describe, expect, it } from 'vitest';
import { DEPARTMENT_SORTS } from '@fleetfuel/contract';
import { useTestApp } from '../../../test/test-world.js';
import {
  expectPagesCoverEveryRow,
  expectSortedBy,
  expectSortedByName,
  expectSortRefusals,
  listAll,
  type ListRow,
  listOf,
} from '../../../test/list-sort.js';

const clientName = (row: ListRow) => (row.organization as { name: string }).name;

const world = useTestApp({
  signIn: ['admin@fleetfuel.test', 'orgadmin@beta.test'],
  setUp: async ({ t, token }) => {
    // A name typed in lower case: sorted without case it comes first, not after every capital.
    const added = await t.call('POST', '/api/departments', {
      token: token('orgadmin@beta.test'),
      body: { name: 'admin pool', maxDailyConsumption: 50 },
    });
    expect(added.statusCode).toBe(200);
  },
});
const list = listOf(world, 'admin@fleetfuel.test', '/api/departments');

describe('sorting the groups list', () => {
  it('keeps newest first without a sort', async () => {
    expect((await listAll(list))[0]?.name).toBe('admin pool');
  });

  it('sorts by name both ways, without case', async () => {
    await expectSortedByName(list, ['admin pool', 'Haulage', 'HQ Facilities', 'Logistics', 'Operations', 'Site Power']);
  });

  it('sorts by cap, status, date and the client’s name', async () => {
    expect(await expectSortedBy(list, 'maxDailyConsumption')).toEqual([0, 0, 50, 200, 400, 600]);
    await expectSortedBy(list, 'status');
    await expectSortedBy(list, 'createdAt');
    expect(await expectSortedBy(list, 'client', clientName)).toEqual([
      ...Array(3).fill('Acme Logistics'),
      ...Array(3).fill('Beta Haulage'),
    ]);
  });

  it('pages through repeated values without losing or repeating a row', async () => {
    await expectPagesCoverEveryRow(list, 'client', clientName);
    await expectPagesCoverEveryRow(list, 'status');
  });

  it('refuses a column it cannot sort by and an unknown order', async () => {
    await expectSortRefusals(list, DEPARTMENT_SORTS, 'vehiclesCount');
  });
});
