/** The fuel stations list sorted by its columns and bounded by the day each joined, on the server (issue 14). */
import { describe, expect, it } from 'vitest';
import { STATION_SORTS } from '@fleetfuel/contract';
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

const field = (key: string) => (row: ListRow) => row[key] as string | null;

const world = useTestApp({
  signIn: ['admin@fleetfuel.test'],
  setUp: async ({ t }) => {
    // A name typed in lower case (sorted without case it comes first) and a suspended station without an address.
    await t.db
      .insertInto('fuel_stations')
      .values([
        { name: 'apex fuels', address: '2 Aminu Kano Crescent, Wuse II, Abuja', available_fuels: ['PETROL'] },
        { name: 'Bonny Energy', address: null, status: 'SUSPENDED', available_fuels: ['DIESEL'] },
      ])
      .execute();
  },
});
const list = listOf(world, 'admin@fleetfuel.test', '/api/admin/fuel-stations');

describe('sorting the fuel stations list', () => {
  it('keeps newest first without a sort', async () => {
    const rows = await listAll(list);
    expect(rows.slice(2).map((row) => row.name)).toEqual(['Greenline Energy Lekki', 'Unity Fuels Ikeja']);
  });

  it('sorts by name both ways, without case', async () => {
    expect(await expectSortedBy(list, 'name', field('name'))).toEqual([
      'apex fuels',
      'Bonny Energy',
      'Greenline Energy Lekki',
      'Unity Fuels Ikeja',
    ]);
    const desc = await listAll(list, { sort: 'name', order: 'desc' });
    expect(desc.map((row) => row.name)).toEqual(['Unity Fuels Ikeja', 'Greenline Energy Lekki', 'Bonny Energy', 'apex fuels']);
  });

  it('sorts by location (its address), status and date joined', async () => {
    expect(await expectSortedBy(list, 'address', field('address'))).toEqual([
      '2 Aminu Kano Crescent, Wuse II, Abuja',
      '45 Obafemi Awolowo Way, Ikeja, Lagos',
      'Admiralty Way, Lekki Phase 1, Lagos',
      null,
    ]);
    expect(await expectSortedBy(list, 'status', field('status'))).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE', 'SUSPENDED']);
    await expectSortedBy(list, 'createdAt', field('createdAt'));
  });

  it('pages through repeated values without losing or repeating a row', async () => {
    await expectPagesCoverEveryRow(list, 'status', field('status'));
  });

  it('refuses a column it cannot sort by and an unknown order', async () => {
    await expectSortRefusals(list, STATION_SORTS, 'vehiclesCount');
  });

  it('bounds the list by the Lagos day each station joined', async () => {
    const ids = demoIds(world.t);
    await expectCreatedDayRange(list, 'fuel_stations', {
      onDay: await ids.station('Unity Fuels Ikeja'),
      dayAfter: await ids.station('apex fuels'),
    });
  });
});
