/**
 * Anomaly flags through HTTP (issue 12): computed and stored when a request is made and again when
 * it is redeemed, and carried by the single and list replies.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoActivity } from '../../db/seed-activity.js';
import { lagosDate } from '../../platform/clock.js';
import { createTestApp, movableClock, type TestApp } from '../../../test/harness.js';

const clock = movableClock(new Date());
let t: TestApp;
let orgAdmin: string;
let attendant: string;
const ids: Record<string, string> = {};

const request = (body: Record<string, unknown>) =>
  t.call('POST', '/api/fuel-requests', {
    token: orgAdmin,
    body: { vehicleId: ids.hilux, stationId: ids.unity, supplyDate: lagosDate(clock.now()), volume: 40, ...body },
  });

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  orgAdmin = await t.login('orgadmin@acme.test');
  attendant = await t.login('attendant@unityfuels.test');
  const admin = await t.login('admin@fleetfuel.test');
  const vehicles = await t.db.selectFrom('vehicles').select(['id', 'plate_number']).execute();
  ids.hilux = vehicles.find((v) => v.plate_number === 'LND-451-KJ')?.id as string;
  ids.unity = (await t.db.selectFrom('fuel_stations').select('id').where('name', '=', 'Unity Fuels Ikeja').executeTakeFirstOrThrow()).id;
  const acme = (await t.db.selectFrom('organizations').select('id').where('name', '=', 'Acme Logistics').executeTakeFirstOrThrow()).id;
  const wallet = (await t.call('GET', '/api/wallet', { token: admin, query: { organizationId: acme } })).json().wallet;
  await t.call('POST', `/api/wallet/${wallet.id}/create-transaction`, {
    token: admin,
    body: { amount: 500_000, type: 'CREDIT', note: 'test funds' },
  });
});

/** The Hilux's requests so far, pending ones rejected and all a day older: a new one has nothing recent to repeat. */
async function noRecentRequests() {
  await sql`UPDATE fuel_requests SET status = 'REJECTED', rejected_at = now() WHERE vehicle_id = ${ids.hilux} AND status = 'PENDING'`.execute(
    t.db,
  );
  await sql`UPDATE fuel_requests SET created_at = created_at - interval '1 day' WHERE vehicle_id = ${ids.hilux}`.execute(t.db);
}
afterAll(async () => t.close());

describe('anomaly flags on fuel requests', () => {
  it('a normal request carries no flags; a second one within 12 hours and an overfill carry theirs, in every reply', async () => {
    await noRecentRequests();
    const normal = await request({ volume: 40, currentTankLevel: 10 });
    expect(normal.statusCode).toBe(200);
    expect(normal.json().request.flags).toEqual([]);

    // The Hilux holds 80 L: at 70% it has 56 L, so 40 L more overflows it.
    const flagged = await request({ volume: 40, currentTankLevel: 70 });
    expect(flagged.statusCode).toBe(200);
    const expected = [
      {
        code: 'TANK_OVERFILL',
        severity: 'warning',
        message: '40 L requested with the tank at 70% (56 L); 96 L is more than the 80 L tank',
      },
      {
        code: 'REPEAT_WITHIN_12H',
        severity: 'warning',
        message: expect.stringMatching(/^Another request for this vehicle was made \d+ min earlier; less than 12 h apart$/),
      },
    ];
    expect(flagged.json().request.flags).toEqual(expected);

    const id = flagged.json().request.id as string;
    const single = await t.call('GET', `/api/fuel-requests/single/${id}`, { token: orgAdmin });
    expect(single.json().flags).toEqual(expected);
    const list = await t.call('GET', '/api/fuel-requests/all-requests', {
      token: orgAdmin,
      query: { vehicleId: ids.hilux, status: 'PENDING' },
    });
    const listed = list.json().requests as Array<{ id: string; flags: unknown }>;
    expect(listed.find((r) => r.id === id)?.flags).toEqual(expected);
    expect(listed.find((r) => r.id === normal.json().request.id)?.flags).toEqual([]);
  });

  it('judges the request again at redemption, with the dispensed volume and the odometer read then', async () => {
    await sql`UPDATE vehicles SET last_odometer = 20000 WHERE id = ${ids.hilux}`.execute(t.db);
    const created = (await request({ volume: 40, currentOdometer: 20_000 })).json().request;
    const approved = (await t.call('PATCH', `/api/fuel-requests/${created.id}/approve`, { token: orgAdmin })).json().request;
    // No fill of the Hilux has a timed reading yet, so the jump cannot be judged: redeem once to give it one.
    const first = await t.call('PATCH', `/api/fuel-requests/${approved.id}/complete`, {
      token: attendant,
      body: { code: approved.couponCode, dispensedVolume: 40, odometer: 20_000 },
    });
    expect(first.statusCode).toBe(200);

    const next = (await request({ volume: 40 })).json().request;
    const nextApproved = (await t.call('PATCH', `/api/fuel-requests/${next.id}/approve`, { token: orgAdmin })).json().request;
    const redeemed = await t.call('PATCH', `/api/fuel-requests/${next.id}/complete`, {
      token: attendant,
      body: { code: nextApproved.couponCode, dispensedVolume: 40, odometer: 21_600 },
    });
    expect(redeemed.statusCode).toBe(200);
    // Flags are for managers: the attendant's reply carries none, the organization admin's view has them.
    expect(redeemed.json().request.flags).toEqual([]);
    const managed = await t.call('GET', `/api/fuel-requests/single/${next.id}`, { token: orgAdmin });
    expect(managed.json().flags).toContainEqual({
      code: 'ODOMETER_JUMP',
      severity: 'critical',
      // Within the hour, an hour's drive at 120 km/h is what the reading may have moved.
      message: 'Odometer 21,600 km is 1,600 km past the reading of 20,000 km 1 h earlier; more than 120 km/h',
    });
    // Accepted, but not measured from (ADR 017).
    expect(managed.json()).toMatchObject({
      currentOdometerReading: 21_600,
      odometerExclusion: expect.stringMatching(/left out of efficiency$/),
    });
    const stored = await t.db.selectFrom('fuel_requests').select('flags').where('id', '=', next.id).executeTakeFirstOrThrow();
    expect(stored.flags.map((f) => f.code)).toContain('ODOMETER_JUMP');
    // The second fill of the Hilux within the hour is the pump's own pattern (issue 42), queued for review.
    expect(managed.json().flags).toContainEqual(expect.objectContaining({ code: 'REPEAT_VEHICLE', severity: 'critical' }));
    const queued = await t.db.selectFrom('request_flags').select('code').where('fuel_request_id', '=', next.id).execute();
    expect(queued.map((row) => row.code)).toEqual(expect.arrayContaining(['ODOMETER_JUMP', 'REPEAT_VEHICLE']));
  });

  it('flags a fill while the station is closed, with the time and the hours, in the review queue', async () => {
    await noRecentRequests();
    // Open for one hour, starting two hours from now (Lagos): closed at the pump now.
    const lagos = (hoursAhead: number) => new Date(clock.now().getTime() + 3_600_000 + hoursAhead * 3_600_000).toISOString().slice(11, 16);
    await sql`UPDATE fuel_stations SET opens_at = ${lagos(2)}::time, closes_at = ${lagos(3)}::time WHERE id = ${ids.unity}`.execute(t.db);
    try {
      const created = (await request({ volume: 10 })).json().request;
      const approved = (await t.call('PATCH', `/api/fuel-requests/${created.id}/approve`, { token: orgAdmin })).json().request;
      const redeemed = await t.call('PATCH', `/api/fuel-requests/${created.id}/complete`, {
        token: attendant,
        body: { code: approved.couponCode, dispensedVolume: 10 },
      });
      expect(redeemed.statusCode, redeemed.body).toBe(200);
      const queued = await t.db
        .selectFrom('request_flags')
        .select(['code', 'severity', 'message', 'status'])
        .where('fuel_request_id', '=', created.id)
        .where('code', '=', 'OUTSIDE_HOURS')
        .executeTakeFirstOrThrow();
      expect(queued).toMatchObject({ severity: 'critical', status: 'OPEN' });
      expect(queued.message).toBe(`Redeemed at ${lagos(0)}, outside the station's opening hours (${lagos(2)}–${lagos(3)})`);
    } finally {
      await sql`UPDATE fuel_stations SET opens_at = NULL, closes_at = NULL WHERE id = ${ids.unity}`.execute(t.db);
    }
  });
});

describe('the demo data', () => {
  it('has pending requests that raise several flags, judged by the same rules', async () => {
    const demo = await createTestApp({});
    try {
      await demo.db.transaction().execute((trx) => seedDemoActivity(trx));
      const pending = await demo.db.selectFrom('fuel_requests').select('flags').where('status', '=', 'PENDING').execute();
      const codes = pending.map((row) => row.flags.map((flag) => flag.code)).filter((found) => found.length >= 2);
      expect(codes).toEqual(
        expect.arrayContaining([
          ['TANK_OVERFILL', 'ODOMETER_JUMP', 'EFFICIENCY_OUTLIER', 'REPEAT_WITHIN_12H'],
          ['TANK_OVERFILL', 'EFFICIENCY_OUTLIER'],
        ]),
      );
      // Each of them waits in the review queue (issue 44), dated when its request was made.
      const queued = await demo.db.selectFrom('request_flags').select(['code', 'status']).execute();
      expect(queued).toHaveLength(pending.reduce((sum, row) => sum + row.flags.length, 0));
      expect(new Set(queued.map((row) => row.status))).toEqual(new Set(['OPEN']));
    } finally {
      await demo.close();
    }
  });
});
