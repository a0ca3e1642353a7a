import { describe, expect, it } from 'vitest';
import { createLedgerService } from '../ledger/index.js';
import { demoIds, STATION_ACCOUNTS } from '../../../test/demo-world.js';
import { completedFills } from '../../../test/fuel-history.js';
import { movableClock } from '../../../test/harness.js';
import { useTestApp } from '../../../test/test-world.js';

/**
 * A fixed data set (no demo activity) on a fixed day, 21 November 2026, so that every figure can
 * be computed by hand:
 *   Acme  Hilux (driver Musa)  at Unity      10 Sep  40 L  ₦38,000  odometer 50,000
 *   Acme  Hilux (driver Musa; requested by Ngozi) at Unity 10 Oct 50 L ₦47,500 odometer 50,600
 *   Acme  truck (no driver; requested by Ngozi) at Greenline 5 Nov 100 L ₦116,000
 *   Beta  Isuzu                at Unity       3 Nov  60 L  ₦67,200, fee ₦672
 *   Acme  Hilux 30 L pending; Acme truck 500 L rejected
 *   Acme  truck maintenance at Unity completed 20 Oct ₦20,000
 */
const clock = movableClock(new Date('2026-11-21T10:00:00Z'));

const world = useTestApp({
  deps: { clock },
  signIn: STATION_ACCOUNTS,
  setUp: async ({ t }) => {
    const find = demoIds(t);
    const acme = await find.organization('Acme Logistics');
    const beta = await find.organization('Beta Haulage');
    const unity = await find.station('Unity Fuels Ikeja');
    const greenline = await find.station('Greenline Energy Lekki');
    const hilux = await find.vehicle('LND-451-KJ');
    const truck = await find.vehicle('APP-220-XA');
    const isuzu = await find.vehicle('KAN-903-BT');
    const musa = await find.user('driver@acme.test');
    const ngozi = await find.user('asst@acme.test');
    const halima = await find.user('orgadmin@beta.test');
    const fill = completedFills(t.db, 'TEST');
    const completed = (
      organizationId: string,
      vehicleId: string,
      stationId: string,
      by: string,
      day: string,
      volume: number,
      amountKobo: number,
      feeKobo: number,
      odometer: number | null,
      driverId: string | null,
    ) => fill({ organizationId, vehicleId, stationId, by, driverId, day, volume, amountKobo, feeKobo, odometer });
    await completed(acme, hilux, unity, musa, '2026-09-10', 40, 3_800_000, 0, 50_000, musa);
    await completed(acme, hilux, unity, ngozi, '2026-10-10', 50, 4_750_000, 0, 50_600, musa);
    await completed(acme, truck, greenline, ngozi, '2026-11-05', 100, 11_600_000, 0, null, null);
    await completed(beta, isuzu, unity, halima, '2026-11-03', 60, 6_720_000, 67_200, null, null);
    await t.db
      .insertInto('fuel_requests')
      .values({
        organization_id: acme,
        vehicle_id: hilux,
        station_id: unity,
        requested_by: musa,
        fuel_type: 'PETROL',
        volume: 30,
        supply_date: '2026-11-22',
        created_at: '2026-11-21T08:00:00Z',
      })
      .execute();
    await t.db
      .insertInto('fuel_requests')
      .values({
        organization_id: acme,
        vehicle_id: truck,
        station_id: unity,
        requested_by: ngozi,
        fuel_type: 'DIESEL',
        volume: 500,
        supply_date: '2026-11-01',
        status: 'REJECTED',
        rejected_at: '2026-11-01T09:00:00Z',
        created_at: '2026-10-31T09:00:00Z',
      })
      .execute();
    await t.db
      .insertInto('maintenance_requests')
      .values({
        organization_id: acme,
        vehicle_id: truck,
        requested_by: ngozi,
        station_id: unity,
        description: 'Service',
        service_date: '2026-10-20',
        cost_kobo: '2000000',
        status: 'COMPLETED',
        approved_at: '2026-10-19T10:00:00Z',
        coupon_code: 'TEST-M001',
        completed_at: '2026-10-20T10:00:00Z',
        amount_kobo: '2000000',
        fee_kobo: '0',
        created_at: '2026-10-18T10:00:00Z',
      })
      .execute();
    // The platform's fee on Beta's redemption, as the ledger would have posted it.
    const ledger = createLedgerService();
    await t.db.transaction().execute(async (trx) =>
      ledger.post(trx, {
        idempotencyKey: 'test:fee',
        kind: 'FEE',
        description: 'fee',
        at: new Date('2026-11-03T12:00:00Z'),
        postings: [
          { accountId: await ledger.platformAccount(trx, 'ADJUSTMENTS'), amount: -67_200n, type: 'FEE' },
          { accountId: await ledger.platformAccount(trx, 'PLATFORM_REVENUE'), amount: 67_200n, type: 'FEE' },
        ],
      }),
    );
  },
});

const overview = async (email: string, query: Record<string, string | number> = {}) => {
  const res = await world.t.call('GET', '/api/analytics/overview', { token: world.token(email), query: { months: 3, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const series = (o: { graph: { monthlyFuelVolume: Array<{ month: string; volume: number }> } }) =>
  o.graph.monthlyFuelVolume.map((m) => [m.month, m.volume]);
const money = (o: { graph: { monthlyFinancials: Array<{ expenses: number; earnings: number }> } }) =>
  o.graph.monthlyFinancials.map((m) => [m.expenses, m.earnings]);

describe('the analytics overview', () => {
  it('for an organization: its requests only, by month, with fuel by driver', async () => {
    const o = await overview('orgadmin@acme.test');
    expect(o.scope).toBe('ORGANIZATION');
    expect(o.fuelSummary).toEqual({ totalRequested: 220, totalPending: 30, totalCompleted: 190, thisMonth: 100 });
    expect(series(o)).toEqual([
      ['2026-09', 40],
      ['2026-10', 50],
      ['2026-11', 100],
    ]);
    expect(o.graph.monthlyFuelVolume.map((m: { label: string }) => m.label)).toEqual(['Sept 2026', 'Oct 2026', 'Nov 2026']);
    expect(money(o)).toEqual([
      [38_000, 0],
      [67_500, 0],
      [116_000, 0],
    ]);
    // The vehicle's driver at the time, whoever raised the request (Ngozi raised two of these);
    // the truck had no driver.
    expect(o.consumption.completedByDriver).toEqual([
      { driverId: null, name: 'No driver', volume: 100 },
      { driverId: expect.any(String), name: 'Musa Ibrahim', volume: 90 },
    ]);
    expect(o.counts).toMatchObject({ vehicles: 4, drivers: 2, organizations: 1, maintenanceRequests: { COMPLETED: 1, PENDING: 0 } });
    expect(o.recent.fuelRequests).toHaveLength(5);
    expect(o.recent.fuelRequests.every((r: { organization: { name: string } }) => r.organization.name === 'Acme Logistics')).toBe(true);
  });

  it('for the platform: everything, with the platform’s own revenue as earnings', async () => {
    const o = await overview('admin@fleetfuel.test');
    expect(o.scope).toBe('PLATFORM');
    expect(o.fuelSummary).toEqual({ totalRequested: 280, totalPending: 30, totalCompleted: 250, thisMonth: 160 });
    expect(money(o)).toEqual([
      [38_000, 0],
      [67_500, 0],
      [183_200, 672],
    ]);
    expect(o.counts).toMatchObject({ vehicles: 7, organizations: 2, fuelStations: 2 });
    const acmeOnly = await overview('admin@fleetfuel.test', {
      organizationId: await demoIds(world.t).organization('Beta Haulage'),
    });
    expect(acmeOnly.fuelSummary.totalCompleted).toBe(60);
  });

  it('for a station: its redemptions; earnings (net of fees) only for the representative', async () => {
    const rep = await overview('rep@unityfuels.test');
    expect(rep.scope).toBe('STATION');
    expect(rep.fuelSummary).toEqual({ totalRequested: 150, totalPending: 0, totalCompleted: 150, thisMonth: 60 });
    expect(series(rep)).toEqual([
      ['2026-09', 40],
      ['2026-10', 50],
      ['2026-11', 60],
    ]);
    expect(money(rep)).toEqual([
      [0, 38_000],
      [0, 67_500],
      [0, 66_528],
    ]);
    expect(rep.counts).toMatchObject({ organizations: 2, vehicles: 2, fuelStations: 1 });
    const attendant = await overview('attendant@unityfuels.test');
    expect(money(attendant)).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it('for a driver: its vehicle and its requests', async () => {
    const o = await overview('driver@acme.test');
    expect(o.scope).toBe('DRIVER');
    expect(o.fuelSummary).toEqual({ totalRequested: 120, totalPending: 30, totalCompleted: 90, thisMonth: 0 });
    expect(o.counts.vehicles).toBe(1);
  });

  it('never shows one organization another’s figures', async () => {
    const beta = await overview('orgadmin@beta.test');
    expect(beta.fuelSummary).toEqual({ totalRequested: 60, totalPending: 0, totalCompleted: 60, thisMonth: 60 });
    expect(beta.recent.fuelRequests.every((r: { organization: { name: string } }) => r.organization.name === 'Beta Haulage')).toBe(true);
    const acmeId = await demoIds(world.t).organization('Acme Logistics');
    expect(
      (
        await world.t.call('GET', '/api/analytics/overview', {
          token: world.token('orgadmin@beta.test'),
          query: { organizationId: acmeId },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lists every due vehicle with at least one reason', async () => {
    const o = await overview('orgadmin@acme.test');
    expect(o.counts.maintenanceDue).toBe(o.maintenanceAlerts.length);
    for (const alert of o.maintenanceAlerts) expect(alert.reasons.length).toBeGreaterThan(0);
  });
});
