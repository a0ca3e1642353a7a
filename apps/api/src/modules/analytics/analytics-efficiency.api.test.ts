import { describe, expect, it } from 'vitest';
import { demoIds, USUAL_ACCOUNTS } from '../../../test/demo-world.js';
import { completedFills } from '../../../test/fuel-history.js';
import { movableClock } from '../../../test/harness.js';
import { useTestApp } from '../../../test/test-world.js';

/**
 * `GET /analytics/efficiency` on a fixed day, 21 November 2026, so the default period is
 * 24 Aug – 21 Nov 2026 and the silent window 23 Oct – 21 Nov. Three Acme assets of its own,
 * registered 1 Jan 2026 (the demo assets are registered on the day the template was seeded, after
 * this clock, so they are never silent here):
 *   EFF-001-AA petrol  1 Aug 40 L ₦38,000 at 10,000 (before the period: only the start)
 *                      1 Sep 50 L ₦47,500 at 10,600   600 km / 50 L
 *                     20 Sep 30 L ₦28,500 no reading  breaks the run
 *                      5 Oct 45 L ₦42,750 at 11,400   starts a new run
 *                     25 Oct 40 L ₦38,000 at 11,800   400 km / 40 L
 *     → 1,000 km on 90 L = 11.11 km/L; ₦85,500 / 1,000 km = ₦85.50 a km; 4 fills, 2 runs.
 *   EFF-002-EV electric 10 Sep 60 kWh ₦12,000 at 2,000; 10 Oct 50 kWh ₦10,000 at 2,300
 *     → 300 km on 50 kWh = 6 km/kWh; ₦10,000 / 300 km = ₦33.33 a km; silent for 42 days.
 *   EFF-003-ZZ petrol, never filled → silent, first.
 */
const clock = movableClock(new Date('2026-11-21T10:00:00Z'));
const ids: Record<string, string> = {};

const world = useTestApp({
  deps: { clock },
  signIn: [...USUAL_ACCOUNTS, 'attendant@unityfuels.test'],
  setUp: async ({ t }) => {
    const find = demoIds(t);
    ids.acme = await find.organization('Acme Logistics');
    ids.beta = await find.organization('Beta Haulage');
    ids.betaVehicle = await find.vehicle('KAN-903-BT');
    const unity = await find.station('Unity Fuels Ikeja');
    const ngozi = await find.user('asst@acme.test');
    const vehicle = async (plate: string, fuel: 'PETROL' | 'ELECTRIC') =>
      (
        await t.db
          .insertInto('vehicles')
          .values({
            organization_id: ids.acme as string,
            plate_number: plate,
            make: fuel === 'ELECTRIC' ? 'BYD' : 'Toyota',
            model: fuel === 'ELECTRIC' ? 'T3' : 'Corolla',
            type: 'VEHICLE',
            fuel_type: fuel,
            created_at: '2026-01-01T09:00:00Z',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    ids.corolla = await vehicle('EFF-001-AA', 'PETROL');
    ids.ev = await vehicle('EFF-002-EV', 'ELECTRIC');
    ids.idle = await vehicle('EFF-003-ZZ', 'PETROL');
    const completed = completedFills(t.db, 'EFF');
    const fill = (
      vehicleId: string,
      fuelType: 'PETROL' | 'ELECTRIC',
      day: string,
      volume: number,
      naira: number,
      odometer: number | null,
    ) =>
      completed({
        organizationId: ids.acme as string,
        vehicleId,
        stationId: unity,
        by: ngozi,
        fuelType,
        day,
        volume,
        amountKobo: naira * 100,
        odometer,
      });
    await fill(ids.corolla, 'PETROL', '2026-08-01', 40, 38_000, 10_000);
    await fill(ids.corolla, 'PETROL', '2026-09-01', 50, 47_500, 10_600);
    await fill(ids.corolla, 'PETROL', '2026-09-20', 30, 28_500, null);
    await fill(ids.corolla, 'PETROL', '2026-10-05', 45, 42_750, 11_400);
    await fill(ids.corolla, 'PETROL', '2026-10-25', 40, 38_000, 11_800);
    await fill(ids.ev, 'ELECTRIC', '2026-09-10', 60, 12_000, 2_000);
    await fill(ids.ev, 'ELECTRIC', '2026-10-10', 50, 10_000, 2_300);
  },
});

const call = (email: string, query: Record<string, string | number> = {}) =>
  world.t.call('GET', '/api/analytics/efficiency', { token: world.token(email), query });
const efficiency = async (email: string, query: Record<string, string | number> = {}) => {
  const res = await call(email, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const corolla = {
  plateNumber: 'EFF-001-AA',
  name: 'Toyota Corolla',
  fuelType: 'PETROL',
  unit: 'L',
  distanceKm: 1000,
  volume: 90,
  kmPerUnit: 11.11,
  costPerKm: 85.5,
  fills: 4,
  runs: 2,
};
const ev = {
  plateNumber: 'EFF-002-EV',
  name: 'BYD T3',
  fuelType: 'ELECTRIC',
  unit: 'kWh',
  distanceKm: 300,
  volume: 50,
  kmPerUnit: 6,
  costPerKm: 33.33,
  fills: 2,
  runs: 1,
};

describe('GET /analytics/efficiency', () => {
  it('measures each vehicle from consecutive readings, worst first, over the last 90 days by default', async () => {
    const reply = await efficiency('orgadmin@acme.test', { search: 'EFF-' });
    expect([reply.from, reply.to]).toEqual(['2026-08-24', '2026-11-21']);
    expect(reply.vehicles).toEqual([
      { vehicleId: ids.ev, ...ev },
      { vehicleId: ids.corolla, ...corolla },
    ]);
    expect(reply.meta).toEqual({ page: 1, pageSize: 20, total: 2 });
  });

  it('pages the list and narrows it to one vehicle', async () => {
    const second = await efficiency('orgadmin@acme.test', { search: 'EFF-', page: 2, pageSize: 1 });
    expect(second.vehicles.map((v: { plateNumber: string }) => v.plateNumber)).toEqual(['EFF-001-AA']);
    expect(second.meta).toEqual({ page: 2, pageSize: 1, total: 2 });
    const one = await efficiency('asst@acme.test', { vehicleId: ids.corolla as string });
    expect(one.vehicles).toEqual([{ vehicleId: ids.corolla, ...corolla }]);
    expect(one.meta.total).toBe(1);
    expect(one.silentAssets).toEqual([]);
  });

  it('reads the period asked for, with the fill before it as the first start', async () => {
    // 1 Oct – 31 Oct: the 5 Oct fill starts from the 20 Sep one, which has no reading.
    const october = await efficiency('orgadmin@acme.test', { vehicleId: ids.corolla as string, from: '2026-10-01', to: '2026-10-31' });
    expect(october.vehicles[0]).toMatchObject({ distanceKm: 400, volume: 40, kmPerUnit: 10, costPerKm: 95, fills: 2, runs: 1 });
    // 1 Sep only: measured from the 1 Aug reading.
    const first = await efficiency('orgadmin@acme.test', { vehicleId: ids.corolla as string, from: '2026-09-01', to: '2026-09-01' });
    expect(first.vehicles[0]).toMatchObject({ distanceKm: 600, volume: 50, kmPerUnit: 12, costPerKm: 79.17, fills: 1, runs: 1 });
    // Nothing measurable: listed with its fill, no figure.
    const gap = await efficiency('orgadmin@acme.test', { vehicleId: ids.corolla as string, from: '2026-09-20', to: '2026-10-05' });
    expect(gap.vehicles[0]).toMatchObject({ distanceKm: 0, volume: 0, kmPerUnit: null, costPerKm: null, fills: 2, runs: 0 });
  });

  it('lists every vehicle of a search over months, worst first (a missing reading breaks the run)', async () => {
    const list = await efficiency('orgadmin@acme.test', { search: 'EFF-', from: '2026-09-01', to: '2026-11-21' });
    expect(
      list.vehicles.map((v: { distanceKm: number; volume: number; kmPerUnit: number }) => [v.distanceKm, v.volume, v.kmPerUnit]),
    ).toEqual([
      [300, 50, 6],
      [1000, 90, 11.11],
    ]);
  });

  it('lists the ACTIVE assets without a fill in 30 days, never-filled first', async () => {
    const reply = await efficiency('orgadmin@acme.test');
    expect(reply.silentAssets).toEqual([
      { vehicleId: ids.idle, plateNumber: 'EFF-003-ZZ', name: 'Toyota Corolla', lastFillAt: null, daysSinceLastFill: null },
      { vehicleId: ids.ev, plateNumber: 'EFF-002-EV', name: 'BYD T3', lastFillAt: '2026-10-10T12:00:00.000Z', daysSinceLastFill: 42 },
    ]);
    expect(reply.silentAssetsTotal).toBe(2);
    // On 9 Nov the EV's last fill is 30 days old: silent from that day, not before.
    expect(
      (await efficiency('orgadmin@acme.test', { to: '2026-11-08' })).silentAssets.map((s: { plateNumber: string }) => s.plateNumber),
    ).toEqual(['EFF-003-ZZ']);
    expect((await efficiency('orgadmin@acme.test', { to: '2026-11-09' })).silentAssetsTotal).toBe(2);
    await world.t.db
      .updateTable('vehicles')
      .set({ status: 'INACTIVE' })
      .where('id', '=', ids.idle as string)
      .execute();
    try {
      expect((await efficiency('orgadmin@acme.test')).silentAssetsTotal).toBe(1);
    } finally {
      await world.t.db
        .updateTable('vehicles')
        .set({ status: 'ACTIVE' })
        .where('id', '=', ids.idle as string)
        .execute();
    }
  });

  it('gives ADMIN the platform or one organization, and each organization admin its own', async () => {
    const platform = await efficiency('admin@fleetfuel.test', { search: 'EFF-' });
    expect(platform.meta.total).toBe(2);
    const acme = await efficiency('admin@fleetfuel.test', { organizationId: ids.acme as string, vehicleId: ids.ev as string });
    expect(acme.vehicles).toEqual([{ vehicleId: ids.ev, ...ev }]);
    const beta = await efficiency('orgadmin@beta.test', { search: 'EFF-' });
    expect(beta.vehicles).toEqual([]);
    expect(beta.meta.total).toBe(0);
    expect(beta.silentAssets.every((s: { plateNumber: string | null }) => !s.plateNumber?.startsWith('EFF-'))).toBe(true);
    const betaForAdmin = await efficiency('admin@fleetfuel.test', { organizationId: ids.beta as string, search: 'EFF-' });
    expect(betaForAdmin.meta.total).toBe(0);
  });

  it('answers 404 for another organization, its vehicle or an unknown one', async () => {
    expect((await call('orgadmin@beta.test', { organizationId: ids.acme as string })).statusCode).toBe(404);
    expect((await call('orgadmin@beta.test', { vehicleId: ids.corolla as string })).statusCode).toBe(404);
    expect((await call('orgadmin@acme.test', { vehicleId: ids.betaVehicle as string })).statusCode).toBe(404);
    expect((await call('admin@fleetfuel.test', { organizationId: ids.beta as string, vehicleId: ids.corolla as string })).statusCode).toBe(
      404,
    );
    const unknown = await call('admin@fleetfuel.test', { organizationId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', error: 'Organization not found' });
  });

  it('refuses drivers and station users, and a caller without a session', async () => {
    for (const email of ['driver@acme.test', 'rep@unityfuels.test', 'attendant@unityfuels.test']) {
      const res = await call(email);
      expect(res.statusCode, email).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await world.t.call('GET', '/api/analytics/efficiency')).statusCode).toBe(401);
  });

  it('refuses a backwards or too long period and bad paging', async () => {
    const backwards = await call('orgadmin@acme.test', { from: '2026-11-02', to: '2026-11-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'to' });
    // Only `from`, after the default end (today).
    const future = await call('orgadmin@acme.test', { from: '2026-12-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'to' });
    const long = await call('orgadmin@acme.test', { from: '2024-11-20', to: '2026-11-21' });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'from', error: 'The period can be at most 731 days' });
    // The Analytics page's longest period, 24 calendar months, is within it.
    expect((await call('orgadmin@acme.test', { from: '2024-12-01', to: '2026-11-30' })).statusCode).toBe(200);
    expect((await call('orgadmin@acme.test', { pageSize: 101 })).statusCode).toBe(400);
    expect((await call('orgadmin@acme.test', { vehicleId: 'nope' })).statusCode).toBe(400);
  });
});
