import { calendarDay, formatNaira, koboToNaira, type Alert } from '@fleetfuel/contract';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, lagosDate } from '../../platform/clock.js';
import { demoIds } from '../../../test/demo-world.js';
import { movableClock } from '../../../test/harness.js';
import { useTestApp } from '../../../test/test-world.js';
import { compareAlerts } from './alerts.service.js';

const clock = movableClock();
const DAY_MS = 86_400_000;

/** Demo ids by plate or name, in the file's app. */
const find = () => demoIds(world.t);
const alertsOf = async (token: string) => {
  const res = await world.t.call('GET', '/api/alerts', { token });
  expect(res.statusCode).toBe(200);
  return res.json<{ alerts: Alert[]; total: number }>();
};
/** Sets a vehicle's last completed service, as the triggers (0011) keep it, `days` ago. */
const lastServicedDaysAgo = (vehicle: string, days: number) =>
  world.t.db
    .updateTable('vehicle_service_facts')
    .set({ last_service_at: new Date(Date.now() - days * DAY_MS) })
    .where('vehicle_id', '=', vehicle)
    .execute();
const about = (alerts: Alert[], subjectId: string, kind: Alert['kind']) =>
  alerts.filter((a) => a.subject.id === subjectId && a.kind === kind);

const world = useTestApp({
  deps: { clock },
  signIn: ['orgadmin@acme.test'],
  ids: async (find) => ({ acme: await find.organization('Acme Logistics'), beta: await find.organization('Beta Haulage') }),
});
beforeEach(() => clock.set(new Date()));

describe('GET /alerts', () => {
  it("lists the organization's expiring or expired insurance and registration, most severe and soonest first", async () => {
    const truck = await find().vehicle('APP-220-XA');
    const { insurance_end: insuranceEnd } = await world.t.db
      .selectFrom('vehicle_service_facts')
      .select('insurance_end')
      .where('vehicle_id', '=', truck)
      .executeTakeFirstOrThrow();
    const { alerts, total } = await alertsOf(world.token('orgadmin@acme.test'));
    expect(about(alerts, truck, 'INSURANCE_EXPIRY')).toEqual([
      {
        kind: 'INSURANCE_EXPIRY',
        severity: 'critical',
        subject: { type: 'VEHICLE', id: truck, label: 'APP-220-XA' },
        message: `APP-220-XA: Insurance expired on ${calendarDay(insuranceEnd as string)}`,
        dueDate: insuranceEnd,
      },
    ]);
    expect(about(alerts, truck, 'REGISTRATION_EXPIRY')).toMatchObject([
      { severity: 'warning', dueDate: addDays(lagosDate(new Date()), 20) },
    ]);
    expect(total).toBe(alerts.length);
    expect([...alerts].sort(compareAlerts)).toEqual(alerts);
    expect(alerts.map((a) => a.severity).indexOf('critical')).toBe(0);
  });

  it('warns of insurance only from 30 days before it ends, by the movable clock', async () => {
    // LND-451-KJ is insured for 165 more days.
    const hilux = await find().vehicle('LND-451-KJ');
    expect(about((await alertsOf(world.token('orgadmin@acme.test'))).alerts, hilux, 'INSURANCE_EXPIRY')).toEqual([]);
    clock.set(new Date(Date.now() + 140 * DAY_MS));
    expect(about((await alertsOf(world.token('orgadmin@acme.test'))).alerts, hilux, 'INSURANCE_EXPIRY')).toMatchObject([
      { severity: 'warning' },
    ]);
  });

  it('tells service due by date and by odometer, following the due rule and its interval', async () => {
    const hilux = await find().vehicle('LND-451-KJ');
    await lastServicedDaysAgo(hilux, 100);
    expect(about((await alertsOf(world.token('orgadmin@acme.test'))).alerts, hilux, 'SERVICE_DUE')).toMatchObject([
      { severity: 'warning', message: expect.stringMatching(/^LND-451-KJ: Last service on .*, over 90 days ago$/) },
    ]);
    await world.t.db.updateTable('organizations').set({ service_interval_days: 365 }).where('id', '=', world.ids.acme).execute();
    expect(about((await alertsOf(world.token('orgadmin@acme.test'))).alerts, hilux, 'SERVICE_DUE')).toEqual([]);
    await world.t.db.updateTable('vehicles').set({ last_odometer: '16000' }).where('id', '=', hilux).execute();
    await world.t.db.updateTable('vehicle_service_facts').set({ last_service_odometer: '10000' }).where('vehicle_id', '=', hilux).execute();
    expect(about((await alertsOf(world.token('orgadmin@acme.test'))).alerts, hilux, 'SERVICE_DUE')).toMatchObject([
      { message: 'LND-451-KJ: 6,000 km since the last service', dueDate: null },
    ]);
    await world.t.db.updateTable('organizations').set({ service_interval_days: 90 }).where('id', '=', world.ids.acme).execute();
  });

  it('warns of the subscription falling due within 7 days, and says when it has ended', async () => {
    const due = (token: string) => alertsOf(token).then((r) => about(r.alerts, world.ids.acme, 'SUBSCRIPTION_DUE'));
    const setNextBilling = (days: number) =>
      world.t.db
        .updateTable('organizations')
        .set({ next_billing: new Date(Date.now() + days * DAY_MS) })
        .where('id', '=', world.ids.acme)
        .execute();
    await setNextBilling(20);
    expect(await due(world.token('orgadmin@acme.test'))).toEqual([]);
    await setNextBilling(3);
    const soon = new Date(Date.now() + 3 * DAY_MS);
    expect(await due(world.token('orgadmin@acme.test'))).toMatchObject([
      { severity: 'warning', message: `The subscription of Acme Logistics falls due on ${calendarDay(lagosDate(soon))}` },
    ]);
    // The platform admin sees every organization's; Beta never sees Acme's.
    expect(await due(await world.t.login('admin@fleetfuel.test'))).toHaveLength(1);
    expect(await due(await world.t.login('orgadmin@beta.test'))).toEqual([]);
    await setNextBilling(-2);
    expect(await due(world.token('orgadmin@acme.test'))).toMatchObject([
      { severity: 'critical', message: expect.stringMatching(/ended on/) },
    ]);
    await setNextBilling(30);
  });

  it('warns of a wallet below the threshold the organization set', async () => {
    const wallet = await world.t.db
      .selectFrom('ledger_accounts')
      .select(['balance_kobo', 'held_kobo'])
      .where('organization_id', '=', world.ids.acme)
      .executeTakeFirstOrThrow();
    const available = BigInt(wallet.balance_kobo) - BigInt(wallet.held_kobo);
    const low = (token: string) => alertsOf(token).then((r) => about(r.alerts, world.ids.acme, 'LOW_WALLET_BALANCE'));
    const setThreshold = async (naira: number) => {
      const saved = await world.t.call('PUT', '/api/settings/organization', {
        token: world.token('orgadmin@acme.test'),
        body: { lowBalanceThreshold: naira },
      });
      expect(saved.json().settings.lowBalanceThreshold).toBe(naira);
    };
    expect(
      (await world.t.call('GET', '/api/settings/organization', { token: world.token('orgadmin@acme.test') })).json().settings
        .lowBalanceThreshold,
    ).toBe(50_000);
    await setThreshold(0);
    expect(await low(world.token('orgadmin@acme.test'))).toEqual([]);
    const threshold = available + 100n;
    await setThreshold(koboToNaira(threshold));
    expect(await low(world.token('orgadmin@acme.test'))).toEqual([
      {
        kind: 'LOW_WALLET_BALANCE',
        severity: available > 0n ? 'warning' : 'critical',
        subject: { type: 'ORGANIZATION', id: world.ids.acme, label: 'Acme Logistics' },
        message: `The wallet of Acme Logistics holds ${formatNaira(available)}, below its threshold of ${formatNaira(threshold)}`,
        dueDate: null,
      },
    ]);
    expect(await low(await world.t.login('admin@fleetfuel.test'))).toHaveLength(1);
    expect(await low(await world.t.login('orgadmin@beta.test'))).toEqual([]);
    await setThreshold(50_000);
  });

  it("warns of approved coupons expiring unredeemed within 48 hours, to the organization and the coupon's station", async () => {
    const unity = await find().station('Unity Fuels Ikeja');
    const hilux = await find().vehicle('LND-451-KJ');
    const acmeWallet = (await world.t.call('GET', '/api/wallet', { token: world.token('orgadmin@acme.test') })).json().wallet.id as string;
    await world.t.call('POST', `/api/wallet/${acmeWallet}/create-transaction`, {
      token: await world.t.login('admin@fleetfuel.test'),
      body: { amount: 50_000, type: 'CREDIT', note: 'funds for a coupon' },
    });
    // Approved through the API: the coupon lives Acme's 3 days, beyond the 48-hour window.
    const created = await world.t.call('POST', '/api/fuel-requests', {
      token: world.token('orgadmin@acme.test'),
      body: { vehicleId: hilux, stationId: unity, supplyDate: lagosDate(new Date()), volume: 10 },
    });
    const request = { id: created.json().request.id as string };
    const approved = await world.t.call('PATCH', `/api/fuel-requests/${request.id}/approve`, { token: world.token('orgadmin@acme.test') });
    expect(approved.statusCode, approved.body).toBe(200);
    const code = approved.json().request.couponCode as string;
    const coupon = (token: string) => alertsOf(token).then((r) => about(r.alerts, request.id, 'COUPON_EXPIRY'));
    const rep = await world.t.login('rep@unityfuels.test');
    expect(await coupon(world.token('orgadmin@acme.test'))).toEqual([]);
    expect(await coupon(rep)).toEqual([]);

    await world.t.db
      .updateTable('fuel_requests')
      .set({ coupon_expires_at: sql<Date>`now() + interval '10 hours'` })
      .where('id', '=', request.id)
      .execute();
    expect(await coupon(world.token('orgadmin@acme.test'))).toMatchObject([
      {
        severity: 'info',
        subject: { type: 'FUEL_REQUEST', label: 'LND-451-KJ' },
        message: expect.stringMatching(
          new RegExp(`^Coupon ${code} for LND-451-KJ expires unredeemed on \\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{2}:\\d{2}$`),
        ),
      },
    ]);
    expect(await coupon(rep)).toHaveLength(1);
    expect(await coupon(await world.t.login('attendant@unityfuels.test'))).toHaveLength(1);
    expect(await coupon(await world.t.login('driver@acme.test'))).toHaveLength(1);
    expect(await coupon(await world.t.login('rep@greenline.test'))).toEqual([]);
    expect(await coupon(await world.t.login('orgadmin@beta.test'))).toEqual([]);

    // A station sees nothing but its coupons.
    expect(new Set((await alertsOf(rep)).alerts.map((a) => a.kind))).toEqual(new Set(['COUPON_EXPIRY']));
  });

  it('lists pending requests that carry anomaly flags, until a decision settles them', async () => {
    const unity = await find().station('Unity Fuels Ikeja');
    const created = await world.t.call('POST', '/api/fuel-requests', {
      token: world.token('orgadmin@acme.test'),
      body: { vehicleId: await find().vehicle('KJA-118-QB'), stationId: unity, supplyDate: lagosDate(new Date()), volume: 5 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const requestId = created.json().request.id as string;
    const flagged = (token: string) => alertsOf(token).then((r) => about(r.alerts, requestId, 'ANOMALY_FLAG'));
    await world.t.db.updateTable('fuel_requests').set({ flags: '[]' }).where('id', '=', requestId).execute();
    expect(await flagged(world.token('orgadmin@acme.test'))).toEqual([]);

    const flags = [
      { code: 'VOLUME_ABOVE_TANK', severity: 'critical', message: '62 L requested; tank holds 50 L' },
      { code: 'ODOMETER_BACKWARDS', severity: 'warning', message: 'Odometer 900 km is below the last 1,200 km' },
    ];
    await world.t.db
      .updateTable('fuel_requests')
      .set({ flags: JSON.stringify(flags) })
      .where('id', '=', requestId)
      .execute();
    expect(await flagged(world.token('orgadmin@acme.test'))).toMatchObject([
      {
        severity: 'critical',
        subject: { type: 'FUEL_REQUEST', id: requestId, label: 'KJA-118-QB' },
        message:
          'Fuel request for KJA-118-QB awaits a decision: 62 L requested; tank holds 50 L; Odometer 900 km is below the last 1,200 km',
      },
    ]);
    expect(await flagged(await world.t.login('orgadmin@beta.test'))).toEqual([]);

    const rejected = await world.t.call('PATCH', `/api/fuel-requests/${requestId}/reject`, {
      token: world.token('orgadmin@acme.test'),
      body: { note: 'Checked' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await flagged(world.token('orgadmin@acme.test'))).toEqual([]);
  });

  it('tells the organization of each override waiting at the pump, first, until it is decided', async () => {
    const unity = await find().station('Unity Fuels Ikeja');
    const created = await world.t.call('POST', '/api/fuel-requests', {
      token: world.token('orgadmin@acme.test'),
      body: { vehicleId: await find().vehicle('KJA-118-QB'), stationId: unity, supplyDate: lagosDate(new Date()), volume: 5 },
    });
    expect(created.statusCode, created.body).toBe(200);
    // Only an approved coupon waits at the pump.
    const approved = await world.t.call('PATCH', `/api/fuel-requests/${created.json().request.id as string}/approve`, {
      token: world.token('orgadmin@acme.test'),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const breach = '25 L dispensed; the limit is 20 L per fill (organization policy)';
    const override = await world.t.db
      .insertInto('policy_overrides')
      .values({
        organization_id: world.ids.acme,
        fuel_request_id: created.json().request.id as string,
        station_id: unity,
        requested_by: await find().user('attendant@unityfuels.test'),
        dispensed_volume: 25,
        breaches: JSON.stringify([breach]),
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    const waiting = (token: string) => alertsOf(token).then((r) => about(r.alerts, override.id, 'OVERRIDE_PENDING'));

    const { alerts } = await alertsOf(world.token('orgadmin@acme.test'));
    expect(alerts[0]).toEqual({
      kind: 'OVERRIDE_PENDING',
      severity: 'critical',
      subject: { type: 'POLICY_OVERRIDE', id: override.id, label: 'KJA-118-QB' },
      message: `Override needed at Unity Fuels Ikeja: 25 L for KJA-118-QB, which breaks: ${breach}`,
      dueDate: lagosDate(override.created_at),
    });
    expect(await waiting(await world.t.login('asst@acme.test'))).toHaveLength(1);
    // Another organization, the station and the platform admin (who cannot decide it) are not told.
    for (const email of ['orgadmin@beta.test', 'rep@unityfuels.test', 'admin@fleetfuel.test']) {
      expect(await waiting(await world.t.login(email)), email).toEqual([]);
    }

    await world.t.db.updateTable('policy_overrides').set({ status: 'CANCELLED' }).where('id', '=', override.id).execute();
    expect(await waiting(world.token('orgadmin@acme.test'))).toEqual([]);
  });

  it("keeps each tenant to its own records and a driver to its own vehicle's", async () => {
    const subjectsOf = async (email: string) => (await alertsOf(await world.t.login(email))).alerts.map((a) => a.subject);
    const vehiclesOf = async (organizationId: string) =>
      new Set(
        (await world.t.db.selectFrom('vehicles').select('id').where('organization_id', '=', organizationId).execute()).map((v) => v.id),
      );
    const acmeVehicles = await vehiclesOf(world.ids.acme);
    const betaVehicles = await vehiclesOf(world.ids.beta);

    const acmeSubjects = await subjectsOf('orgadmin@acme.test');
    const betaSubjects = await subjectsOf('orgadmin@beta.test');
    const vehicleIds = (subjects: Alert['subject'][]) => subjects.filter((s) => s.type === 'VEHICLE').map((s) => s.id);
    expect(vehicleIds(acmeSubjects).length).toBeGreaterThan(0);
    expect(vehicleIds(betaSubjects).length).toBeGreaterThan(0);
    expect(vehicleIds(acmeSubjects).every((id) => acmeVehicles.has(id))).toBe(true);
    expect(vehicleIds(betaSubjects).every((id) => betaVehicles.has(id))).toBe(true);
    expect(vehicleIds(await subjectsOf('asst@acme.test')).sort()).toEqual(vehicleIds(acmeSubjects).sort());

    const hilux = await find().vehicle('LND-451-KJ');
    await lastServicedDaysAgo(hilux, 100);
    const driverVehicles = vehicleIds(await subjectsOf('driver@acme.test'));
    expect(driverVehicles.length).toBeGreaterThan(0);
    expect(new Set(driverVehicles)).toEqual(new Set([hilux]));

    // The platform admin's bell holds subscriptions and wallets, not every fleet's vehicles.
    expect(vehicleIds(await subjectsOf('admin@fleetfuel.test'))).toEqual([]);
  });
});
