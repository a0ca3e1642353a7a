/**
 * Text messages to the vehicle's driver (issue 13): the coupon on approval and the receipt on
 * redemption, through the embedded SMS outbox, to the driver's +234 number, one SMS each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDate } from '../../platform/clock.js';
import { creditOrganization, requestIds, signInAll } from '../../../test/demo-world.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(tokens, await signInAll(t, ['admin@fleetfuel.test', 'orgadmin@acme.test', 'attendant@unityfuels.test']));
  Object.assign(ids, await requestIds(t));
  await creditOrganization(t, 'Acme Logistics', 400_000);
});
afterAll(async () => t.close());

describe('text messages to the driver', () => {
  it('sends the coupon on approval and the receipt on redemption to the vehicle’s driver', async () => {
    const token = tokens['orgadmin@acme.test'] as string;
    const driverPhone = (await t.db.selectFrom('users').select('phone').where('email', '=', 'driver@acme.test').executeTakeFirstOrThrow())
      .phone;
    const before = t.smsOutbox().length;
    const created = await t.call('POST', '/api/fuel-requests', {
      token,
      body: { vehicleId: ids.hilux, stationId: ids.unity, supplyDate: lagosDate(new Date()), volume: 12 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().request.id as string;
    await t.app.background.idle();
    // The organization admin raised it: nothing is texted until it is approved.
    expect(t.smsOutbox()).toHaveLength(before);

    const approved = (await t.call('PATCH', `/api/fuel-requests/${id}/approve`, { token })).json().request;
    await t.app.background.idle();
    const coupon = t.smsOutbox().slice(before);
    expect(coupon).toHaveLength(1);
    expect(coupon[0]?.to).toBe(driverPhone);
    expect(coupon[0]?.text).toMatch(
      new RegExp(`^FleetFuel coupon ${approved.couponCode}: 12 L of PETROL for LND-451-KJ at Unity Fuels Ikeja\\. Valid until .+\\.$`),
    );

    const done = await t.call('PATCH', `/api/fuel-requests/${id}/complete`, {
      token: tokens['attendant@unityfuels.test'],
      body: { code: approved.couponCode, dispensedVolume: 11.5 },
    });
    expect(done.statusCode, done.body).toBe(200);
    await t.app.background.idle();
    const receipt = t.smsOutbox().slice(before + 1);
    expect(receipt).toHaveLength(1);
    expect(receipt[0]).toMatchObject({ to: driverPhone });
    expect(receipt[0]?.text).toContain(`FleetFuel receipt: 11.5 L of PETROL for LND-451-KJ at Unity Fuels Ikeja`);
    expect(receipt[0]?.text).toContain(`Coupon ${approved.couponCode}.`);
    for (const sms of t.smsOutbox()) expect(sms.text.length).toBeLessThanOrEqual(160);
  });
});
