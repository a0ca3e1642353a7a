/** The assets list sorted by its columns on the server (issue 14): text without case, names of joined records, stable pages. */
import { describe, expect, it } from 'vitest';
import { VEHICLE_SORTS } from '@fleetfuel/contract';
import { demoIds } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';
import { expectPagesCoverEveryRow, expectSortedBy, expectSortRefusals, listAll, type ListRow, listOf } from '../../../test/list-sort.js';

const named = (key: string) => (row: ListRow) => (row[key] as { name: string } | null)?.name ?? null;
const text = (key: string) => (row: ListRow) => row[key] as string | null;

const world = useTestApp({
  signIn: ['admin@fleetfuel.test'],
  setUp: async ({ t }) => {
    // A model typed in lower case: sorted without case it sits among the others, not after them all.
    await t.db
      .insertInto('vehicles')
      .values({
        organization_id: await demoIds(t).organization('Beta Haulage'),
        plate_number: 'ABC-100-AA',
        make: 'Toyota',
        model: 'corolla',
        type: 'VEHICLE',
        fuel_type: 'PETROL',
      })
      .execute();
  },
});
const list = listOf(world, 'admin@fleetfuel.test', '/api/vehicles');

describe('sorting the assets list', () => {
  it('keeps newest first (then by id) without a sort', async () => {
    const rows = await listAll(list);
    expect(rows[0]?.model).toBe('corolla');
    const newestFirst = [...rows].sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)) || a.id.localeCompare(b.id));
    expect(rows.map((row) => row.id)).toEqual(newestFirst.map((row) => row.id));
  });

  it('sorts by plate and model both ways, without case and with blank plates last', async () => {
    expect(await expectSortedBy(list, 'plateNumber', text('plateNumber'))).toEqual([
      'ABC-100-AA',
      'APP-220-XA',
      'KAN-412-MC',
      'KAN-903-BT',
      'KJA-118-QB',
      'LND-451-KJ',
      null,
      null,
    ]);
    const desc = await listAll(list, { sort: 'plateNumber', order: 'desc' });
    expect(desc.map((row) => row.plateNumber)).toEqual([
      'LND-451-KJ',
      'KJA-118-QB',
      'KAN-903-BT',
      'KAN-412-MC',
      'APP-220-XA',
      'ABC-100-AA',
      null,
      null,
    ]);
    expect(await expectSortedBy(list, 'model', text('model'))).toEqual([
      'Actros 2640',
      'Boxer BM150',
      'corolla',
      'Hilux',
      'HLX 125',
      'MP 100kVA',
      'NPR 71',
      'P200-3',
    ]);
    await expectSortedBy(list, 'state', text('state'));
    await expectSortedBy(list, 'type', text('type'));
    await expectSortedBy(list, 'fuelType', text('fuelType'));
    await expectSortedBy(list, 'createdAt', text('createdAt'));
  });

  it('sorts by the names of its group, driver and client', async () => {
    expect(await expectSortedBy(list, 'group', named('department'))).toEqual([
      'Haulage',
      'Haulage',
      'HQ Facilities',
      'Logistics',
      'Operations',
      'Operations',
      'Site Power',
      null,
    ]);
    expect(await expectSortedBy(list, 'driver', named('driver'))).toEqual([
      'Chinedu Obi',
      'Musa Ibrahim',
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    const clients = await expectSortedBy(list, 'client', named('organization'));
    expect(clients).toEqual([...Array(4).fill('Acme Logistics'), ...Array(4).fill('Beta Haulage')]);
  });

  it('sorts within the filters and the tenant of the caller', async () => {
    const acme = { ...list, token: await world.t.login('orgadmin@acme.test') };
    const rows = await listAll(acme, { sort: 'model', order: 'desc', type: 'VEHICLE' });
    expect(rows.map((row) => row.model)).toEqual(['Hilux', 'Actros 2640']);
  });

  it('pages through repeated values without losing or repeating a row', async () => {
    await expectPagesCoverEveryRow(list, 'status', text('status'));
    await expectPagesCoverEveryRow(list, 'client', named('organization'));
  });

  it('refuses a column it cannot sort by and an unknown order', async () => {
    await expectSortRefusals(list, VEHICLE_SORTS, 'make');
  });
});
