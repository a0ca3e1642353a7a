/** The clients list sorted by its columns and bounded by the day each joined, on the server (issue 14). */
import { describe, expect, it } from 'vitest';
import { CLIENT_SORTS } from '@fleetfuel/contract';
import { demoIds } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';
import {
  expectCreatedDayRange,
  expectPagesCoverEveryRow,
  expectSortedBy,
  expectSortRefusals,
  listAll,
  type ListRow,
  listOf,
} from '../../../test/list-sort.js';

const field = (key: string) => (row: ListRow) => row[key] as string;

const world = useTestApp({
  signIn: ['admin@fleetfuel.test'],
  setUp: async ({ t }) => {
    // A name typed in lower case (sorted without case it comes first) and a suspended client.
    await t.db
      .insertInto('organizations')
      .values([
        { name: 'aardvark transport', type: 'other' },
        { name: 'Zenith Works', type: 'ngo_development_organisation', status: 'SUSPENDED' },
      ])
      .execute();
  },
});
const list = listOf(world, 'admin@fleetfuel.test', '/api/admin/organizations');

describe('sorting the clients list', () => {
  it('keeps newest first without a sort', async () => {
    const rows = await listAll(list);
    expect(rows.slice(2).map((row) => row.name)).toEqual(['Beta Haulage', 'Acme Logistics']);
  });

  it('sorts by name both ways, without case', async () => {
    expect(await expectSortedBy(list, 'name', field('name'))).toEqual([
      'aardvark transport',
      'Acme Logistics',
      'Beta Haulage',
      'Zenith Works',
    ]);
    const desc = await listAll(list, { sort: 'name', order: 'desc' });
    expect(desc.map((row) => row.name)).toEqual(['Zenith Works', 'Beta Haulage', 'Acme Logistics', 'aardvark transport']);
  });

  it('sorts by type, status and date joined', async () => {
    expect(await expectSortedBy(list, 'type', field('type'))).toEqual([
      'ngo_development_organisation',
      'other',
      'private_organisation',
      'transport_logistics_company',
    ]);
    expect(await expectSortedBy(list, 'status', field('status'))).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE', 'SUSPENDED']);
    await expectSortedBy(list, 'createdAt', field('createdAt'));
  });

  it('pages through repeated values without losing or repeating a row', async () => {
    await expectPagesCoverEveryRow(list, 'status', field('status'));
  });

  it('refuses a column it cannot sort by and an unknown order', async () => {
    await expectSortRefusals(list, CLIENT_SORTS, 'domain');
  });

  it('bounds the list by the Lagos day each client joined', async () => {
    const ids = demoIds(world.t);
    await expectCreatedDayRange(list, 'organizations', {
      onDay: await ids.organization('Beta Haulage'),
      dayAfter: await ids.organization('aardvark transport'),
    });
  });
});
