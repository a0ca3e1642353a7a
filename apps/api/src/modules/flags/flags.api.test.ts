/**
 * The review queue through HTTP (issue 44): every flag a request raises waits OPEN in `GET /flags`
 * with its request, vehicle, driver and station; the organization admin judges it (audited), money
 * recovered only for a confirmed fraud and never more than the fill paid; the analytics count the
 * frauds; a driver's and a station's replies never carry flags.
 */
import { sql } from 'kysely';
import type { AnalyticsOverview, AuditEntry, ReviewFlag } from '@fleetfuel/contract';
import { describe, expect, it } from 'vitest';
import { addDays, lagosDate } from '../../platform/clock.js';
import { creditOrganization, STATION_ACCOUNTS } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';

const ADMIN = 'orgadmin@acme.test';
const world = useTestApp({
  signIn: STATION_ACCOUNTS,
  ids: async (find) => ({
    acme: await find.organization('Acme Logistics'),
    hilux: await find.vehicle('LND-451-KJ'),
    unity: await find.station('Unity Fuels Ikeja'),
    driver: await find.user('driver@acme.test'),
  }),
  setUp: async ({ t }) => creditOrganization(t, 'Acme Logistics', 500_000),
});

const today = () => lagosDate(new Date());
const flags = (token: string, query: Record<string, string> = {}) => world.t.call('GET', '/api/flags', { token, query });
const review = (id: string, body: unknown, token = world.token(ADMIN)) => world.t.call('PATCH', `/api/flags/${id}`, { token, body });

/**
 * A request for the Hilux (80 L tank) at 70% full: 40 L overfills it, so it raises TANK_OVERFILL.
 * The Hilux's earlier requests are dated a day back first, so that no repeat within 12 hours is flagged.
 */
async function overfillRequest(): Promise<string> {
  const { t, ids } = world;
  await sql`UPDATE fuel_requests SET created_at = created_at - interval '1 day' WHERE vehicle_id = ${ids.hilux}`.execute(t.db);
  const res = await t.call('POST', '/api/fuel-requests', {
    token: world.token(ADMIN),
    body: { vehicleId: ids.hilux, stationId: ids.unity, supplyDate: today(), volume: 40, currentTankLevel: 70 },
  });
  expect(res.statusCode).toBe(200);
  return res.json().request.id as string;
}

const flagOf = async (requestId: string, token = world.token(ADMIN)) => {
  const listed = (await flags(token, { pageSize: '100' })).json<{ data: ReviewFlag[] }>().data;
  return listed.find((flag) => flag.request.id === requestId && flag.code === 'TANK_OVERFILL');
};

describe('the review queue', () => {
  it('lists a new flag OPEN with its request, vehicle, driver and station, and filters, searches and pages it', async () => {
    const requestId = await overfillRequest();
    const flag = await flagOf(requestId);
    const driverName = (await world.t.db.selectFrom('users').select('name').where('id', '=', world.ids.driver).executeTakeFirstOrThrow())
      .name;
    expect(flag).toMatchObject({
      code: 'TANK_OVERFILL',
      severity: 'warning',
      message: '40 L requested with the tank at 70% (56 L); 96 L is more than the 80 L tank',
      step: 'REQUEST',
      status: 'OPEN',
      note: null,
      recoveredAmount: null,
      reviewedBy: null,
      request: { id: requestId, status: 'PENDING', volume: 40, fuelType: 'PETROL', dispensedVolume: null, amount: null },
      vehicle: { id: world.ids.hilux, plateNumber: 'LND-451-KJ', make: 'Toyota', model: 'Hilux' },
      driver: { id: world.ids.driver, name: driverName },
      station: { id: world.ids.unity, name: 'Unity Fuels Ikeja' },
      organization: { id: world.ids.acme, name: 'Acme Logistics' },
    });

    const ids = async (query: Record<string, string>) =>
      (await flags(world.token(ADMIN), query)).json<{ data: ReviewFlag[] }>().data.map((listed) => listed.request.id);
    expect(await ids({ code: 'TANK_OVERFILL', status: 'OPEN', severity: 'warning' })).toContain(requestId);
    expect(await ids({ code: 'ODOMETER_JUMP' })).not.toContain(requestId);
    expect(await ids({ status: 'LEGITIMATE' })).not.toContain(requestId);
    expect(await ids({ severity: 'critical' })).not.toContain(requestId);
    expect(await ids({ from: today(), to: today() })).toContain(requestId);
    expect(await ids({ from: addDays(today(), 1) })).toEqual([]);
    expect(await ids({ search: 'lnd-451' })).toContain(requestId);
    expect(await ids({ search: 'no such plate' })).toEqual([]);

    // Pages never overlap, and the total counts them all.
    const all = (await flags(world.token(ADMIN), { pageSize: '100' })).json<{ data: ReviewFlag[]; total: number }>();
    expect(all.total).toBe(all.data.length);
    const first = (await flags(world.token(ADMIN), { pageSize: '1', sort: 'raisedAt', order: 'desc' })).json<{ data: ReviewFlag[] }>();
    expect(first.data.map((f) => f.id)).toEqual([all.data[0]?.id]);

    const bad = await flags(world.token(ADMIN), { status: 'CLOSED' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('status');
  });

  it('queues two SOFT policy breaches of one request as one flag that says both', async () => {
    const { t, ids } = world;
    await t.db.deleteFrom('fuel_policies').where('organization_id', '=', ids.acme).execute();
    for (const body of [
      { rule: 'MAX_LITRES_PER_FILL', value: 30, enforcement: 'SOFT', scope: { type: 'ORGANIZATION' } },
      { rule: 'WEEKLY_LITRES', value: 35, enforcement: 'SOFT', scope: { type: 'VEHICLE', id: ids.hilux } },
    ]) {
      expect((await t.call('POST', '/api/fuel-policies', { token: world.token(ADMIN), body })).statusCode).toBe(200);
    }
    try {
      const requestId = await overfillRequest();
      const breaches = (await flags(world.token(ADMIN), { code: 'POLICY_BREACH', pageSize: '100' }))
        .json<{ data: ReviewFlag[] }>()
        .data.filter((flag) => flag.request.id === requestId);
      expect(breaches).toHaveLength(1);
      expect(breaches[0]?.message).toMatch(/^40 L requested; the limit is 30 L per fill \(organization policy\); .*35 L/);
    } finally {
      await t.db.deleteFrom('fuel_policies').where('organization_id', '=', ids.acme).execute();
    }
  });

  it('is read by managers of the organization only; the platform admin names one', async () => {
    const requestId = await overfillRequest();
    expect(await flagOf(requestId, world.token('asst@acme.test'))).toBeDefined();
    expect(await flagOf(requestId, world.token('orgadmin@beta.test'))).toBeUndefined();
    const platform = await flags(world.token('admin@fleetfuel.test'), { organizationId: world.ids.acme, pageSize: '100' });
    expect(platform.json<{ data: ReviewFlag[] }>().data.map((f) => f.request.id)).toContain(requestId);
    for (const email of ['driver@acme.test', 'rep@unityfuels.test', 'attendant@unityfuels.test']) {
      expect((await flags(world.token(email))).statusCode).toBe(403);
    }
  });

  it("never shows a flag to the request's driver", async () => {
    const requestId = await overfillRequest();
    const asAdmin = await world.t.call('GET', `/api/fuel-requests/single/${requestId}`, { token: world.token(ADMIN) });
    expect(asAdmin.json().flags.map((f: { code: string }) => f.code)).toEqual(['TANK_OVERFILL']);
    const asDriver = await world.t.call('GET', `/api/fuel-requests/single/${requestId}`, { token: world.token('driver@acme.test') });
    expect(asDriver.statusCode).toBe(200);
    expect(asDriver.json().flags).toEqual([]);
    const list = await world.t.call('GET', '/api/fuel-requests/all-requests', {
      token: world.token('driver@acme.test'),
      query: { pageSize: '100' },
    });
    const mine = (list.json().requests as Array<{ id: string; flags: unknown[] }>).find((r) => r.id === requestId);
    expect(mine?.flags).toEqual([]);
  });
});

describe('reviewing a flag', () => {
  it('records the verdict and the note, audited; only the organization admin judges, in its own organization', async () => {
    const flag = (await flagOf(await overfillRequest())) as ReviewFlag;
    expect((await review(flag.id, { status: 'LEGITIMATE', note: 'x' }, world.token('asst@acme.test'))).statusCode).toBe(403);
    expect((await review(flag.id, { status: 'LEGITIMATE', note: 'x' }, world.token('orgadmin@beta.test'))).statusCode).toBe(404);

    const judged = await review(flag.id, { status: 'LEGITIMATE', note: 'Tank level was misread by the driver' });
    expect(judged.statusCode).toBe(200);
    expect(judged.json().message).toBe('Flag marked legitimate');
    expect(judged.json().flag).toMatchObject({
      status: 'LEGITIMATE',
      note: 'Tank level was misread by the driver',
      reviewedBy: { name: expect.any(String) },
    });
    expect(judged.json().flag.reviewedAt).not.toBeNull();

    const audit = await world.t.call('GET', '/api/audit-log', {
      token: world.token(ADMIN),
      query: { entityType: 'request_flag', entityId: flag.id },
    });
    const entries = audit.json().entries as AuditEntry[];
    expect(entries.map((e) => e.action)).toEqual(['request_flag.reviewed']);
    expect(entries[0]?.changes.status).toEqual({ before: 'OPEN', after: 'LEGITIMATE' });
  });

  it('refuses a reopening, a missing note and money recovered but from a paid, confirmed fraud', async () => {
    const flag = (await flagOf(await overfillRequest())) as ReviewFlag;
    const reopened = await review(flag.id, { status: 'OPEN', note: 'again' });
    expect(reopened.statusCode).toBe(400);
    expect(reopened.json().field).toBe('status');
    const noNote = await review(flag.id, { status: 'SUSPECTED' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().field).toBe('note');
    const notFraud = await review(flag.id, { status: 'SUSPECTED', note: 'odd', recoveredAmount: 100 });
    expect(notFraud.json()).toMatchObject({ field: 'recoveredAmount', message: 'Only a confirmed fraud records money recovered' });
    const unpaid = await review(flag.id, { status: 'CONFIRMED_FRAUD', note: 'odd', recoveredAmount: 100 });
    expect(unpaid.statusCode).toBe(400);
    expect(unpaid.json().message).toBe('Nothing was paid for this request, so nothing can be recovered');
    expect((await flagOf(flag.request.id))?.status).toBe('OPEN');
  });

  it('keeps one row a code when the pump raises it again, and counts confirmed frauds and recoveries in the analytics', async () => {
    const requestId = await overfillRequest();
    const approved = (await world.t.call('PATCH', `/api/fuel-requests/${requestId}/approve`, { token: world.token(ADMIN) })).json().request;
    const redeemed = await world.t.call('PATCH', `/api/fuel-requests/${requestId}/complete`, {
      token: world.token('attendant@unityfuels.test'),
      body: { code: approved.couponCode, dispensedVolume: 40 },
    });
    expect(redeemed.statusCode).toBe(200);
    const paid = redeemed.json().request.amount as number;
    const rows = await world.t.db.selectFrom('request_flags').selectAll().where('fuel_request_id', '=', requestId).execute();
    expect(rows.filter((row) => row.code === 'TANK_OVERFILL').map((row) => row.step)).toEqual(['REDEMPTION']);

    // The station's attendant never sees the flags of the fill it served.
    expect(redeemed.json().request.flags).toEqual([]);

    const flag = (await flagOf(requestId)) as ReviewFlag;
    expect(flag.request).toMatchObject({ status: 'COMPLETED', dispensedVolume: 40, amount: paid });
    const tooMuch = await review(flag.id, { status: 'CONFIRMED_FRAUD', note: 'sold on', recoveredAmount: paid + 1 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toMatch(/^Cannot be more than the ₦[\d,]+\.\d\d paid for this fill$/);

    const before = (await world.t.call('GET', '/api/analytics/overview', { token: world.token(ADMIN) })).json<AnalyticsOverview>().fraud;
    const confirmed = await review(flag.id, { status: 'CONFIRMED_FRAUD', note: 'Fuel sold on; driver repaid part', recoveredAmount: 1000 });
    expect(confirmed.json().flag).toMatchObject({ status: 'CONFIRMED_FRAUD', recoveredAmount: 1000 });
    const after = (await world.t.call('GET', '/api/analytics/overview', { token: world.token(ADMIN) })).json<AnalyticsOverview>().fraud;
    expect(after).toEqual({
      openFlags: (before?.openFlags ?? 0) - 1,
      confirmedFraudRequests: (before?.confirmedFraudRequests ?? 0) + 1,
      confirmedFraudAmount: (before?.confirmedFraudAmount ?? 0) + paid,
      recoveredAmount: (before?.recoveredAmount ?? 0) + 1000,
    });
    const driverView = (
      await world.t.call('GET', '/api/analytics/overview', { token: world.token('driver@acme.test') })
    ).json<AnalyticsOverview>();
    expect(driverView.fraud).toBeNull();
  });
});
