import { afterEach, describe, expect, it } from 'vitest';
import { lagosDate, addDays } from '../../platform/clock.js';
import { creditOrganization, demoIds } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';

const world = useTestApp({
  signIn: ['orgadmin@acme.test'],
  setUp: async ({ t }) => creditOrganization(t, 'Acme Logistics', 500_000),
});

const today = () => lagosDate(new Date());
const requestFor = async (plate: string, volume: number) => {
  const vehicle = await demoIds(world.t).vehicle(plate);
  const station = await demoIds(world.t).station('Unity Fuels Ikeja');
  return (
    await world.t.call('POST', '/api/fuel-requests', {
      token: world.token('orgadmin@acme.test'),
      body: { vehicleId: vehicle, stationId: station, supplyDate: today(), volume },
    })
  ).json().request.id as string;
};

/** Acme's settings as the demo seeds them: each test that changes them puts them back, whatever runs next. */
const SEEDED = { couponValidityDays: 3, allowExpiredInsurance: true, serviceIntervalDays: 90 };

describe('organization settings', () => {
  afterEach(async () => {
    const res = await world.t.call('PUT', '/api/settings/organization', { token: world.token('orgadmin@acme.test'), body: SEEDED });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the organization admin sets preferences; assistants read them; others cannot reach them', async () => {
    const read = await world.t.call('GET', '/api/settings/organization', { token: await world.t.login('asst@acme.test') });
    expect(read.json().settings).toMatchObject({ name: 'Acme Logistics', ...SEEDED, serviceIntervalKm: 5000 });
    expect(
      (
        await world.t.call('PUT', '/api/settings/organization', {
          token: await world.t.login('asst@acme.test'),
          body: { couponValidityDays: 5 },
        })
      ).statusCode,
    ).toBe(403);
    const bounds = await world.t.call('PUT', '/api/settings/organization', {
      token: world.token('orgadmin@acme.test'),
      body: { couponValidityDays: 30 },
    });
    expect(bounds.json()).toMatchObject({ field: 'couponValidityDays', error: 'couponValidityDays: Must be at most 14' });
    const station = await demoIds(world.t).station('Unity Fuels Ikeja');
    const saved = await world.t.call('PUT', '/api/settings/organization', {
      token: world.token('orgadmin@acme.test'),
      body: { couponValidityDays: 7, defaultStationId: station },
    });
    expect(saved.json().settings).toMatchObject({ couponValidityDays: 7, defaultStationId: station });
    expect(
      (await world.t.call('GET', '/api/settings/organization', { token: await world.t.login('rep@unityfuels.test') })).statusCode,
    ).toBe(403);
  });

  it('coupon validity and the insurance rule are honoured at approval', async () => {
    expect(
      (
        await world.t.call('PUT', '/api/settings/organization', {
          token: world.token('orgadmin@acme.test'),
          body: { couponValidityDays: 7 },
        })
      ).statusCode,
    ).toBe(200);
    const id = await requestFor('LND-451-KJ', 10);
    const approved = (await world.t.call('PATCH', `/api/fuel-requests/${id}/approve`, { token: world.token('orgadmin@acme.test') })).json()
      .request;
    expect(approved.couponExpiresAt.slice(0, 10)).toBe(addDays(today(), 7));

    await world.t.call('PUT', '/api/settings/organization', {
      token: world.token('orgadmin@acme.test'),
      body: { allowExpiredInsurance: false },
    });
    const truck = await requestFor('APP-220-XA', 10);
    const refused = await world.t.call('PATCH', `/api/fuel-requests/${truck}/approve`, { token: world.token('orgadmin@acme.test') });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatch(
      /^APP-220-XA has no valid insurance \(it expired on \d{1,2} [A-Z][a-z]{2} \d{4}\); your organization approves fuel only for insured vehicles/,
    );
  });

  it('the service interval is the one the due rule uses', async () => {
    const admin = await world.t.login('admin@fleetfuel.test');
    const due = async () =>
      (await world.t.call('GET', '/api/admin/organizations/analytics', { token: admin })).json().vehiclesNeedServicing as number;
    const before = await due();
    await world.t.db
      .updateTable('vehicles')
      .set({ created_at: new Date(Date.now() - 20 * 86_400_000) })
      .execute();
    await world.t.call('PUT', '/api/settings/organization', {
      token: world.token('orgadmin@acme.test'),
      body: { serviceIntervalDays: 14 },
    });
    // Acme's Hilux and generator (not due for any other reason) now pass the 14-day interval.
    expect(await due()).toBe(before + 2);
  });
});
