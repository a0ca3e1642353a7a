/**
 * Attendant accountability (issue 42): each attendant's redemptions, litres and naira in a period,
 * the same as the ledger of fills says, and the patterns collusion leaves raised as flags; scoped
 * to the station for its representative, to the fleet's fills for an organization.
 */
import type { AttendantFigures, AttendantsReply } from '@fleetfuel/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, lagosDate, lagosDayStart } from '../../platform/clock.js';
import { demoIds, setUpStationWorld } from '../../../test/demo-world.js';
import { approvedFuelRequest } from '../../../test/fuel-coupons.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { seedDemoActivity } from '../../db/seed-activity.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids = {} as Record<'hilux' | 'unity' | 'rep', string>;
const today = () => lagosDate(new Date());

const report = async (email: string, query: Record<string, string>) => {
  const res = await t.call('GET', '/api/station/attendants', { token: tokens[email], query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AttendantsReply>();
};

/** 'HH:MM' in Lagos, some hours from now. */
function lagosClock(hoursFromNow: number): string {
  const at = new Date(Date.now() + hoursFromNow * 3_600_000);
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

async function redeemedNearMaximum(): Promise<void> {
  const { id, couponCode } = await approvedFuelRequest(
    t,
    tokens['orgadmin@acme.test'] as string,
    { vehicleId: ids.hilux, stationId: ids.unity, volume: 10 },
    { note: 'Pattern test' },
  );
  const redeemed = await t.call('PATCH', `/api/fuel-requests/${id}/complete`, {
    token: tokens['rep@unityfuels.test'],
    body: { code: couponCode, dispensedVolume: 9.6 },
  });
  expect(redeemed.statusCode, redeemed.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  // The demo's months of redemptions, as `npm start` seeds them.
  await t.db.transaction().execute((trx) => seedDemoActivity(trx));
  await setUpStationWorld(t, tokens, ids);
  ids.rep = await demoIds(t).user('rep@unityfuels.test');
});
afterAll(async () => t.close());

describe('attendant figures', () => {
  it('count the seeded months exactly as the fills say, per attendant', async () => {
    const to = today();
    const from = addDays(to, -91);
    const body = await report('rep@unityfuels.test', { from, to });
    expect(body).toMatchObject({ from, to });
    const expected = await sql<{ redeemed_by: string; n: string; litres: string; kobo: string }>`
      SELECT redeemed_by, count(*) AS n, sum(dispensed_volume) AS litres, sum(amount_kobo) AS kobo
      FROM fuel_requests
      WHERE station_id = ${ids.unity} AND status = 'COMPLETED' AND redeemed_by IS NOT NULL
        AND redeemed_at >= ${lagosDayStart(from)} AND redeemed_at < ${lagosDayStart(addDays(to, 1))}
      GROUP BY redeemed_by`.execute(t.db);
    expect(expected.rows.length).toBeGreaterThan(0);
    expect(body.attendants).toHaveLength(expected.rows.length);
    for (const row of expected.rows) {
      const figures = body.attendants.find((a) => a.id === row.redeemed_by) as AttendantFigures;
      expect(figures, row.redeemed_by).toBeDefined();
      expect(figures.station.name).toBe('Unity Fuels Ikeja');
      expect(figures.redemptions).toBe(Number(row.n));
      expect(figures.litres).toBeCloseTo(Number(row.litres), 2);
      expect(figures.amount).toBeCloseTo(Number(row.kobo) / 100, 2);
      expect(figures.flagged).toBeLessThanOrEqual(figures.redemptions);
    }
  });

  it('raise the patterns with their numbers: near the maximum, a vehicle again within the hour, while closed', async () => {
    // The station "opens" two hours from now: every fill below is outside its hours.
    const opens = lagosClock(2);
    const closes = lagosClock(3);
    const hours = await t.call('PUT', `/api/admin/fuel-stations/${ids.unity}`, {
      token: tokens['admin@fleetfuel.test'],
      body: { opensAt: opens, closesAt: closes },
    });
    expect(hours.statusCode, hours.body).toBe(200);
    for (let i = 0; i < 4; i += 1) await redeemedNearMaximum();

    const day = { from: today(), to: today() };
    const rep = (await report('rep@unityfuels.test', day)).attendants.find((a) => a.id === ids.rep) as AttendantFigures;
    expect(rep).toMatchObject({ redemptions: 4, nearMaximum: 4, outsideHours: 4, flagged: 4, litres: 38.4 });
    expect(rep.repeatVehicle).toBeGreaterThanOrEqual(3);
    expect(rep.flags.map((f) => f.code)).toEqual(['NEAR_MAXIMUM', 'REPEAT_VEHICLE', 'OUTSIDE_HOURS']);
    expect(rep.flags[0]?.message).toBe("4 of 4 fills (100%) stopped within 5% under the coupon's maximum");
    expect(rep.flags[2]?.message).toBe(`4 fills outside the station's opening hours (${opens}–${closes})`);

    // The organization sees the same for its fleet's fills; another organization sees none of them.
    for (const email of ['orgadmin@acme.test', 'asst@acme.test']) {
      const seen = (await report(email, { ...day, stationId: ids.unity })).attendants.find((a) => a.id === ids.rep);
      expect(seen, email).toMatchObject({ redemptions: 4, nearMaximum: 4, station: { id: ids.unity } });
    }
    expect((await report('orgadmin@beta.test', day)).attendants.some((a) => a.id === ids.rep)).toBe(false);
    // The platform admin picks a station.
    const admin = await report('admin@fleetfuel.test', { ...day, stationId: ids.unity });
    expect(admin.attendants.find((a) => a.id === ids.rep)).toMatchObject({ redemptions: 4 });
  });

  it('refuses those without the report, a period over 92 days, and the platform admin without a station', async () => {
    for (const email of ['attendant@unityfuels.test', 'driver@acme.test']) {
      expect((await t.call('GET', '/api/station/attendants', { token: tokens[email] })).statusCode, email).toBe(403);
    }
    const long = await t.call('GET', '/api/station/attendants', {
      token: tokens['rep@unityfuels.test'],
      query: { from: addDays(today(), -92), to: today() },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe('A report covers at most 92 days; choose a shorter period');
    const admin = await t.call('GET', '/api/station/attendants', { token: tokens['admin@fleetfuel.test'] });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().error).toBe('Choose a station');
  });
});
