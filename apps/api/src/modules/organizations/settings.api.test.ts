import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDate, addDays } from '../../platform/clock.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let orgAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  orgAdmin = await t.login('orgadmin@acme.test');
  const admin = await t.login('admin@fleetfuel.test');
  const wallet = (await t.call('GET', '/api/wallet', { token: orgAdmin })).json().wallet.id;
  await t.call('POST', `/api/wallet/${wallet}/create-transaction`, {
    token: admin,
    body: { amount: 500_000, type: 'CREDIT', note: 'funds' },
  });
});
afterAll(async () => t.close());

const today = () => lagosDate(new Date());
const requestFor = async (plate: string, volume: number) => {
  const vehicle = (await t.db.selectFrom('vehicles').select('id').where('plate_number', '=', plate).executeTakeFirstOrThrow()).id;
  const station = (await t.db.selectFrom('fuel_stations').select('id').where('name', '=', 'Unity Fuels Ikeja').executeTakeFirstOrThrow())
    .id;
  return (
    await t.call('POST', '/api/fuel-requests', {
      token: orgAdmin,
      body: { vehicleId: vehicle, stationId: station, supplyDate: today(), volume },
    })
  ).json().request.id as string;
};

describe('organization settings', () => {
  it('the organization admin sets preferences; assistants read them; others cannot reach them', async () => {
    const read = await t.call('GET', '/api/settings/organization', { token: await t.login('asst@acme.test') });
    expect(read.json().settings).toMatchObject({
      name: 'Acme Logistics',
      couponValidityDays: 3,
      allowExpiredInsurance: true,
      serviceIntervalDays: 90,
      serviceIntervalKm: 5000,
    });
    expect(
      (await t.call('PUT', '/api/settings/organization', { token: await t.login('asst@acme.test'), body: { couponValidityDays: 5 } }))
        .statusCode,
    ).toBe(403);
    const bounds = await t.call('PUT', '/api/settings/organization', { token: orgAdmin, body: { couponValidityDays: 30 } });
    expect(bounds.json()).toMatchObject({ field: 'couponValidityDays', error: 'couponValidityDays: Must be at most 14' });
    const station = (await t.db.selectFrom('fuel_stations').select('id').where('name', '=', 'Unity Fuels Ikeja').executeTakeFirstOrThrow())
      .id;
    const saved = await t.call('PUT', '/api/settings/organization', {
      token: orgAdmin,
      body: { couponValidityDays: 7, defaultStationId: station },
    });
    expect(saved.json().settings).toMatchObject({ couponValidityDays: 7, defaultStationId: station });
    expect((await t.call('GET', '/api/settings/organization', { token: await t.login('rep@unityfuels.test') })).statusCode).toBe(403);
  });

  it('coupon validity and the insurance rule are honoured at approval', async () => {
    const id = await requestFor('LND-451-KJ', 10);
    const approved = (await t.call('PATCH', `/api/fuel-requests/${id}/approve`, { token: orgAdmin })).json().request;
    expect(approved.couponExpiresAt.slice(0, 10)).toBe(addDays(today(), 7));

    await t.call('PUT', '/api/settings/organization', { token: orgAdmin, body: { allowExpiredInsurance: false } });
    const truck = await requestFor('APP-220-XA', 10);
    const refused = await t.call('PATCH', `/api/fuel-requests/${truck}/approve`, { token: orgAdmin });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatch(
      /^APP-220-XA has no valid insurance \(it expired on \d{1,2} [A-Z][a-z]{2} \d{4}\); your organization approves fuel only for insured vehicles/,
    );
  });

  it('the service interval is the one the due rule uses', async () => {
    const admin = await t.login('admin@fleetfuel.test');
    const due = async () =>
      (await t.call('GET', '/api/admin/organizations/analytics', { token: admin })).json().vehiclesNeedServicing as number;
    const before = await due();
    await t.db
      .updateTable('vehicles')
      .set({ created_at: new Date(Date.now() - 20 * 86_400_000) })
      .execute();
    await t.call('PUT', '/api/settings/organization', { token: orgAdmin, body: { serviceIntervalDays: 14 } });
    // Acme's Hilux and generator (not due for any other reason) now pass the 14-day interval.
    expect(await due()).toBe(before + 2);
  });
});
