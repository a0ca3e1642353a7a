/**
 * The day a vehicle falls due (migration 0032, kept by triggers) says exactly what the due rule
 * says on every day: for a fleet of assets with every kind of history, on days from a year back to
 * a year ahead, the vehicles counted and listed as due are those for which `dueFindings` (the
 * rule's parts, in words) finds something, and they stay so after each kind of change the rule
 * reads: a job approved and completed, a policy recorded and removed, an odometer reading, a new
 * registration expiry, the organization's service intervals, an asset out of service.
 */
import { describe, expect, it } from 'vitest';
import { addDays, lagosDate } from '../../platform/clock.js';
import { randomSource } from '../../../test/random.js';
import { demoIds } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';
import { countVehicles, dueVehicles } from './due-vehicles.repository.js';
import { dueFindings } from './due-rule.js';

let beta: string;
let requester: string;
const today = lagosDate(new Date());
const DAY_MS = 86_400_000;
const days = Array.from({ length: 25 }, (_, i) => addDays(today, -400 + i * 33));

let couponSerial = 0;
function job(vehicleId: string, status: 'APPROVED' | 'COMPLETED', completedDaysAgo: number, odometer: number | null) {
  couponSerial += 1;
  return {
    organization_id: beta,
    vehicle_id: vehicleId,
    requested_by: requester,
    description: 'Service',
    service_date: today,
    cost_kobo: '500000',
    odometer: odometer === null ? null : String(odometer),
    status,
    approved_at: new Date(),
    coupon_code: `DUE-DAY-${couponSerial}`,
    ...(status === 'COMPLETED' ? { completed_at: new Date(Date.now() - completedDaysAgo * DAY_MS), amount_kobo: '500000' } : {}),
  };
}

const world = useTestApp({
  setUp: async ({ t }) => {
    beta = await demoIds(t).organization('Beta Haulage');
    requester = (await t.db.selectFrom('users').select('id').where('organization_id', '=', beta).executeTakeFirstOrThrow()).id;
    const { below: pick } = randomSource(16);
    const vehicles = Array.from({ length: 48 }, (_, i) => ({
      organization_id: beta,
      plate_number: `DUE-DAY-${i}`,
      make: 'Toyota',
      model: 'Hilux',
      type: 'VEHICLE',
      fuel_type: 'DIESEL',
      created_at: new Date(Date.now() - pick(500) * DAY_MS - pick(DAY_MS)),
      registration_expiry: pick(3) === 0 ? null : addDays(today, pick(800) - 300),
      last_odometer: pick(4) === 0 ? null : String(1_000 + pick(20_000)),
      status: pick(12) === 0 ? 'INACTIVE' : 'ACTIVE',
    }));
    const ids = (await t.db.insertInto('vehicles').values(vehicles).returning('id').execute()).map((row) => row.id);
    for (const id of ids) {
      const kind = pick(5);
      if (kind === 0)
        await t.db
          .insertInto('maintenance_requests')
          .values(job(id, 'APPROVED', 0, null))
          .execute();
      if (kind === 1 || kind === 2) {
        await t.db
          .insertInto('maintenance_requests')
          .values(job(id, 'COMPLETED', pick(300), pick(2) === 0 ? null : 1_000 + pick(15_000)))
          .execute();
      }
      if (pick(2) === 0) {
        const start = addDays(today, pick(400) - 380);
        await t.db
          .insertInto('insurance_policies')
          .values({
            organization_id: beta,
            vehicle_id: id,
            insurer_name: 'AXA Mansard',
            insurance_type: 'Comprehensive',
            insurance_number: `POL-${id.slice(0, 8)}`,
            coverage_start: start,
            coverage_end: addDays(start, 365),
            amount_kobo: 5_000_000n,
          })
          .execute();
      }
    }
  },
});

/** The organization's assets in service that the rule, in words, finds due on `day`. */
async function dueByTheRule(day: string): Promise<string[]> {
  const rows = await world.t.db
    .selectFrom('vehicles as v')
    .innerJoin('organizations as owner', 'owner.id', 'v.organization_id')
    .leftJoin('vehicle_service_facts as f', 'f.vehicle_id', 'v.id')
    .select((eb) => [
      'v.id',
      'v.registration_expiry',
      'v.created_at',
      'v.last_odometer',
      'owner.service_interval_days',
      'owner.service_interval_km',
      eb(eb.fn.coalesce('f.open_jobs', eb.lit(0)), '>', 0).as('open_job'),
      'f.insurance_end',
      'f.last_service_at',
      'f.last_service_odometer',
    ])
    .where('v.organization_id', '=', beta)
    .where('v.status', '<>', 'INACTIVE')
    .execute();
  return rows
    .filter((row) => dueFindings(row, day).length > 0)
    .map((row) => row.id)
    .sort();
}

/** On every day checked, the kept day counts and lists exactly the vehicles the rule finds. */
async function expectKeptDayToFollowTheRule() {
  for (const day of days) {
    const expected = await dueByTheRule(day);
    const listed = await dueVehicles(world.t.db, { organizationId: beta }, day, 10_000);
    expect({ day, due: listed.rows.map((row) => row.id).sort() }).toEqual({ day, due: expected });
    expect(listed.due).toBe(expected.length);
    expect((await countVehicles(world.t.db, beta, day)).due).toBe(expected.length);
    const firstTen = await dueVehicles(world.t.db, { organizationId: beta }, day, 10);
    expect(firstTen.due).toBe(expected.length);
    expect(firstTen.rows.map((row) => row.id)).toEqual(listed.rows.slice(0, 10).map((row) => row.id));
  }
}

const plate = (i: number) => demoIds(world.t).vehicle(`DUE-DAY-${i}`);

describe('the day a vehicle falls due', () => {
  it('agrees with the due rule on every day, whatever each asset has on record', async () => {
    // The fleet has every kind of asset: due on some of the days and not others, and never.
    const counts = await Promise.all(days.map(async (day) => (await dueByTheRule(day)).length));
    expect(new Set(counts).size).toBeGreaterThan(3);
    await expectKeptDayToFollowTheRule();
  });

  it('follows jobs approved and completed, policies recorded and removed', async () => {
    const approved = await plate(1);
    await world.t.db
      .insertInto('maintenance_requests')
      .values(job(approved, 'APPROVED', 0, null))
      .execute();
    await expectKeptDayToFollowTheRule();
    await world.t.db
      .updateTable('maintenance_requests')
      .set({ status: 'COMPLETED', completed_at: new Date(), amount_kobo: '500000', odometer: '30000' })
      .where('vehicle_id', '=', approved)
      .where('status', '=', 'APPROVED')
      .execute();
    await expectKeptDayToFollowTheRule();

    const insured = await plate(2);
    await world.t.db
      .insertInto('insurance_policies')
      .values({
        organization_id: beta,
        vehicle_id: insured,
        insurer_name: 'Leadway',
        insurance_type: 'Third party',
        insurance_number: 'POL-DUE-DAY',
        coverage_start: addDays(today, -360),
        coverage_end: addDays(today, 5),
        amount_kobo: 1_000_000n,
      })
      .execute();
    await expectKeptDayToFollowTheRule();
    await world.t.db.deleteFrom('insurance_policies').where('insurance_number', '=', 'POL-DUE-DAY').execute();
    await expectKeptDayToFollowTheRule();
  });

  it("follows the vehicle's own odometer, registration and status", async () => {
    await world.t.db
      .updateTable('vehicles')
      .set({ last_odometer: '90000' })
      .where('id', '=', await plate(3))
      .execute();
    await world.t.db
      .updateTable('vehicles')
      .set({ registration_expiry: addDays(today, 10) })
      .where('id', '=', await plate(4))
      .execute();
    await world.t.db
      .updateTable('vehicles')
      .set({ status: 'INACTIVE' })
      .where('id', '=', await plate(5))
      .execute();
    await expectKeptDayToFollowTheRule();
  });

  it("follows the organization's service intervals", async () => {
    await world.t.db
      .updateTable('organizations')
      .set({ service_interval_days: 30, service_interval_km: 1_000 })
      .where('id', '=', beta)
      .execute();
    await expectKeptDayToFollowTheRule();
    await world.t.db
      .updateTable('organizations')
      .set({ service_interval_days: 365, service_interval_km: 50_000 })
      .where('id', '=', beta)
      .execute();
    await expectKeptDayToFollowTheRule();
  });
});
