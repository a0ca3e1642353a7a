/**
 * The accounts and drivers lists sorted by their columns on the server (issue 14), and the accounts
 * list bounded by the day each account was created.
 */
import { describe, expect, it } from 'vitest';
import { DRIVER_SORTS, USER_SORTS } from '@fleetfuel/contract';
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

/** Users' ids by name, with the two drivers the set-up adds. */
const ids: Record<string, string> = {};

const field = (key: string) => (row: ListRow) => row[key] as string | null;
const named = (key: string) => (row: ListRow) => (row[key] as { name: string } | null)?.name ?? null;

const world = useTestApp({
  signIn: ['admin@fleetfuel.test', 'orgadmin@acme.test', 'orgadmin@beta.test'],
  setUp: async ({ t, token }) => {
    const haulage = await t.db.selectFrom('departments').select('id').where('name', '=', 'Haulage').executeTakeFirstOrThrow();
    // A name typed in lower case (sorted without case it comes first) and a driver with a phone only.
    const added = [
      { as: 'orgadmin@acme.test', body: { name: 'abel okon', email: 'abel@acme.test', password: 'Abel-Okon-2026' } },
      {
        as: 'orgadmin@beta.test',
        body: { name: 'Zainab Bello', phone: '08031112222', password: 'Zainab-Bello-2026', departmentId: haulage.id },
      },
    ];
    for (const { as, body } of added) {
      const res = await t.call('POST', '/api/drivers', { token: token(as), body });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const row of await t.db.selectFrom('users').select(['id', 'name']).execute()) ids[row.name] = row.id;
  },
});
const users = listOf(world, 'admin@fleetfuel.test', '/api/admin/users', 'users');
const drivers = listOf(world, 'admin@fleetfuel.test', '/api/drivers');

describe('sorting the drivers list', () => {
  it('keeps newest first without a sort', async () => {
    expect((await listAll(drivers)).map((row) => row.name)).toEqual([
      'Zainab Bello',
      'abel okon',
      'Emeka Nwosu',
      'Chinedu Obi',
      'Musa Ibrahim',
    ]);
  });

  it('sorts by name both ways, without case', async () => {
    expect(await expectSortedBy(drivers, 'name', field('name'))).toEqual([
      'abel okon',
      'Chinedu Obi',
      'Emeka Nwosu',
      'Musa Ibrahim',
      'Zainab Bello',
    ]);
    const desc = await listAll(drivers, { sort: 'name', order: 'desc' });
    expect(desc.map((row) => row.name)).toEqual(['Zainab Bello', 'Musa Ibrahim', 'Emeka Nwosu', 'Chinedu Obi', 'abel okon']);
  });

  it('sorts by contact, status and date, blanks last', async () => {
    expect(await expectSortedBy(drivers, 'email', field('email'))).toEqual([
      'abel@acme.test',
      'driver2@acme.test',
      'driver@acme.test',
      'driver@beta.test',
      null,
    ]);
    expect((await expectSortedBy(drivers, 'phone', field('phone'))).at(-1)).toBeNull();
    await expectSortedBy(drivers, 'status', field('status'));
    await expectSortedBy(drivers, 'createdAt', field('createdAt'));
  });

  it('sorts by the names of its group and client', async () => {
    expect(await expectSortedBy(drivers, 'group', named('department'))).toEqual([
      'Haulage',
      'Haulage',
      'HQ Facilities',
      'Operations',
      null,
    ]);
    expect(await expectSortedBy(drivers, 'client', named('organization'))).toEqual([
      ...Array(3).fill('Acme Logistics'),
      ...Array(2).fill('Beta Haulage'),
    ]);
  });

  it('pages through repeated values without losing or repeating a row', async () => {
    await expectPagesCoverEveryRow(drivers, 'client', named('organization'));
    await expectPagesCoverEveryRow(drivers, 'status', field('status'));
  });

  it('refuses a column it cannot sort by and an unknown order', async () => {
    await expectSortRefusals(drivers, DRIVER_SORTS, 'role');
  });
});

describe('sorting the accounts list', () => {
  it('sorts by name both ways, without case', async () => {
    const names = await expectSortedBy(users, 'name', field('name'));
    expect(names).toHaveLength(12);
    expect(names.slice(0, 3)).toEqual(['abel okon', 'Ada Okafor', 'Bola Adeyemi']);
    expect(names.at(-1)).toBe('Zainab Bello');
  });

  it('sorts by e-mail, phone, role, status and date', async () => {
    expect((await expectSortedBy(users, 'email', field('email'))).slice(0, 3)).toEqual([
      'abel@acme.test',
      'admin@fleetfuel.test',
      'asst@acme.test',
    ]);
    await expectSortedBy(users, 'phone', field('phone'));
    expect(await expectSortedBy(users, 'role', field('role'))).toEqual([
      'ADMIN',
      'ADMINISTRATOR',
      'ADMINISTRATOR',
      'ASST_ADMINISTRATOR',
      'ATTENDANT',
      ...Array(5).fill('DRIVER'),
      'STATION_REP',
      'STATION_REP',
    ]);
    await expectSortedBy(users, 'status', field('status'));
    await expectSortedBy(users, 'createdAt', field('createdAt'));
  });

  it('sorts within the tenant of the caller', async () => {
    const acme = { ...users, token: world.token('orgadmin@acme.test') };
    expect((await listAll(acme, { sort: 'name' })).map((row) => row.name)).toEqual([
      'abel okon',
      'Chinedu Obi',
      'Musa Ibrahim',
      'Ngozi Eze',
      'Tunde Bakare',
    ]);
  });

  it('pages through repeated values without losing or repeating a row', async () => {
    await expectPagesCoverEveryRow(users, 'role', field('role'));
  });

  it('refuses a column it cannot sort by and an unknown order', async () => {
    await expectSortRefusals(users, USER_SORTS, 'group');
  });

  it('bounds the list by the Lagos day each account was created', async () => {
    await expectCreatedDayRange(users, 'users', { onDay: ids['Chinedu Obi'] as string, dayAfter: ids['abel okon'] as string });
  });
});
