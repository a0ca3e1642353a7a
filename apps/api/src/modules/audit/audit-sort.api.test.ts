/**
 * The audit log sorted by its columns and bounded by the Lagos days of its entries, on the server
 * (issue 14): each sort against the entries sorted here, within the caller's scope, with stable pages.
 */
import { AUDIT_SORTS, type AuditAction } from '@fleetfuel/contract';
import { describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';
import {
  expectDayRanges,
  expectOrderedBy,
  expectSortedBy,
  itPagesAndRefusesSorts,
  listAll,
  listOf,
  rowIds,
} from '../../../test/list-sort.js';

/** Entries of known instants, by what they test. */
const placed: Record<'lateOnDay' | 'earlyDayAfter' | 'noonDayAfter', string> = { lateOnDay: '', earlyDayAfter: '', noonDayAfter: '' };

/** An entry of the platform's own work (no actor) about an Acme or a Beta record, at `at`. */
async function entry(action: AuditAction, organizationId: string, at: string): Promise<string> {
  const row = await world.t.db
    .insertInto('audit_log')
    .values({
      action,
      entity_type: action.slice(0, action.indexOf('.')),
      entity_id: `entity-${at}`,
      changes: '{}',
      organization_id: organizationId,
      occurred_at: new Date(at),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

const world = useTestApp({
  signIn: ['orgadmin@acme.test', 'admin@fleetfuel.test'],
  setUp: async ({ t }) => {
    const acme = await demoIds(t).organization('Acme Logistics');
    const beta = await demoIds(t).organization('Beta Haulage');
    // Lagos is UTC+1: the early entry is still the day before in UTC.
    placed.lateOnDay = await entry('wallet.adjusted', acme, '2020-03-10T23:30:00+01:00');
    placed.earlyDayAfter = await entry('fuel_request.approved', acme, '2020-03-11T00:30:00+01:00');
    placed.noonDayAfter = await entry('vehicle.imported', acme, '2020-03-11T12:00:00+01:00');
    await entry('fuel_request.created', beta, '2021-06-01T09:00:00+01:00');
    await entry('maintenance_request.approved', acme, '2021-06-02T09:00:00+01:00');
    await entry('fuel_request.approved', beta, '2021-06-03T09:00:00+01:00');
  },
});
const list = listOf(world, 'admin@fleetfuel.test', '/api/audit-log', 'entries');

describe('sorting the audit log', () => {
  it('keeps newest first without a sort', async () => {
    const expected = await world.t.db.selectFrom('audit_log').select('id').orderBy('occurred_at', 'desc').orderBy('id', 'desc').execute();
    expect(rowIds(await listAll(list))).toEqual(expected.map((row) => String(row.id)));
  });

  it('sorts by time, action and entity type, both ways', async () => {
    const instants = await expectSortedBy(list, 'occurredAt');
    expect(instants[0]).toBe('2020-03-10T22:30:00.000Z');
    const actions = await expectSortedBy(list, 'action');
    expect(actions.slice(0, 3)).toEqual(['fuel_request.approved', 'fuel_request.approved', 'fuel_request.created']);
    expect(actions.at(-1)).toBe('wallet.adjusted');
    const types = await expectSortedBy(list, 'entityType');
    expect([...new Set(types)]).toEqual(['fuel_request', 'maintenance_request', 'user', 'vehicle', 'wallet']);
  });

  it('sorts within the scope and the filters of the caller', async () => {
    const acme = await listAll(
      { ...list, token: world.token('orgadmin@acme.test') },
      { sort: 'action', order: 'desc', entityType: 'fuel_request' },
    );
    expect(rowIds(acme)).toEqual([placed.earlyDayAfter]);
    const all = await listAll(list, { sort: 'action', order: 'desc', entityType: 'fuel_request' });
    expect(all.map((row) => row.action)).toEqual(['fuel_request.created', 'fuel_request.approved', 'fuel_request.approved']);
    expectOrderedBy(all, 'action', 'desc');
  });

  itPagesAndRefusesSorts(list, { repeated: ['entityType', 'action'], columns: AUDIT_SORTS, notAllowed: 'actor' });
});

describe('the days of the audit log', () => {
  it('bounds each entry by its Lagos day, both days included, sorted or not', async () => {
    await expectDayRanges(
      list,
      [
        [{ from: '2020-03-10', to: '2020-03-10' }, [placed.lateOnDay]],
        [{ from: '2020-03-11', to: '2020-03-11' }, [placed.noonDayAfter, placed.earlyDayAfter]],
        [{ to: '2020-03-11', sort: 'action' }, [placed.earlyDayAfter, placed.noonDayAfter, placed.lateOnDay]],
      ],
      placed.lateOnDay,
    );
  });
});
