/**
 * Offline redemptions refused when sent (issue 42): a station's device recorded the fill with no
 * network, so the fuel is gone; the server's refusal becomes a follow-up for the station
 * representative and an alert for the station and for the organization, once per queued
 * redemption. The open-coupon list tells the device which coupons need the driver's confirmation
 * (refused offline) and what a unit costs.
 */
import type { Alert, OpenCouponsReply, RedemptionFollowUp } from '@fleetfuel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDate } from '../../platform/clock.js';
import { setUpStationWorld } from '../../../test/demo-world.js';
import { approvedFuelRequest } from '../../../test/fuel-coupons.js';
import { createTestApp, movableClock, type TestApp } from '../../../test/harness.js';

let t: TestApp;
const clock = movableClock();
const tokens: Record<string, string> = {};
const ids = {} as Record<'hilux' | 'unity' | 'greenline', string>;
const token = (email: string) => tokens[email] as string;
const ATTENDANT = 'attendant@unityfuels.test';
const REP = 'rep@unityfuels.test';

async function approvedCoupon(volume = 5): Promise<{ id: string; code: string }> {
  const { id, couponCode } = await approvedFuelRequest(
    t,
    token('orgadmin@acme.test'),
    { vehicleId: ids.hilux, stationId: ids.unity, supplyDate: lagosDate(clock.now()), volume },
    {},
  );
  return { id, code: couponCode };
}

/** What the device's queue sends: the fill, when it was recorded, and the key it keeps for every attempt. */
const sendQueued = (coupon: { id: string; code: string }, key: string, extra: Record<string, unknown> = {}, email = ATTENDANT) =>
  t.call('PATCH', `/api/fuel-requests/${coupon.id}/complete`, {
    token: token(email),
    headers: { 'idempotency-key': key },
    body: {
      code: coupon.code,
      dispensedVolume: 4,
      recordedOfflineAt: new Date(clock.now().getTime() - 30 * 60_000).toISOString(),
      ...extra,
    },
  });

const followUps = async (email = REP, query: Record<string, string> = {}) => {
  const res = await t.call('GET', '/api/station/follow-ups', { token: token(email), query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ followUps: RedemptionFollowUp[]; open: number; meta: { total: number } }>();
};

const refusedAlerts = async (email: string) =>
  (await t.call('GET', '/api/alerts', { token: token(email) }))
    .json<{ alerts: Alert[] }>()
    .alerts.filter((alert) => alert.kind === 'OFFLINE_REDEMPTION_REFUSED');

async function requireConfirmation(on: boolean) {
  const res = await t.call('PUT', '/api/settings/organization', {
    token: token('orgadmin@acme.test'),
    body: { requireDriverConfirmation: on },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  await setUpStationWorld(t, tokens, ids);
});
afterAll(async () => t.close());

describe('the open coupons a device keeps', () => {
  it('say which coupons need the driver’s confirmation and what a unit costs', async () => {
    const plain = await approvedCoupon();
    await requireConfirmation(true);
    try {
      const res = await t.call('GET', '/api/station/open-coupons', { token: token(ATTENDANT) });
      expect(res.statusCode, res.body).toBe(200);
      const coupon = res.json<OpenCouponsReply>().coupons.find((c) => c.requestId === plain.id);
      expect(coupon).toMatchObject({ driverConfirmationRequired: true });
      expect(coupon?.pricePerUnit).toBeGreaterThan(0);
    } finally {
      await requireConfirmation(false);
    }
    const after = await t.call('GET', '/api/station/open-coupons', { token: token(ATTENDANT) });
    expect(after.json<OpenCouponsReply>().coupons.find((c) => c.requestId === plain.id)).toMatchObject({
      driverConfirmationRequired: false,
    });
  });
});

describe('a refused offline redemption', () => {
  it('becomes one follow-up for the station and an alert for the station and the organization', async () => {
    await requireConfirmation(true);
    const coupon = await approvedCoupon();
    const before = await followUps();
    const refused = await sendQueued(coupon, 'device-key-confirmation-1');
    await requireConfirmation(false);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe('The driver must confirm this redemption');

    const after = await followUps();
    expect(after.meta.total).toBe(before.meta.total + 1);
    expect(after.open).toBe(before.open + 1);
    const item = after.followUps.find((f) => f.fuelRequestId === coupon.id);
    expect(item).toMatchObject({
      status: 'OPEN',
      couponCode: coupon.code,
      plate: 'LND-451-KJ',
      dispensedVolume: 4,
      reason: 'The driver must confirm this redemption',
      organization: { name: 'Acme Logistics' },
      station: { name: 'Unity Fuels Ikeja' },
      recordedBy: { name: expect.any(String) },
    });
    expect(item?.amount).toBeGreaterThan(0);

    // Sent again with the same key (a reply lost on the way): still one follow-up.
    await requireConfirmation(true);
    const again = await sendQueued(coupon, 'device-key-confirmation-1');
    await requireConfirmation(false);
    expect(again.statusCode).toBe(422);
    expect((await followUps()).meta.total).toBe(after.meta.total);

    for (const email of [REP, ATTENDANT]) {
      const alert = (await refusedAlerts(email)).find((a) => a.subject.id === item?.id);
      expect(alert, email).toMatchObject({ severity: 'critical', subject: { type: 'REDEMPTION_FOLLOW_UP' } });
      expect(alert?.message).toContain(coupon.code);
      expect(alert?.message).toContain('The driver must confirm this redemption');
    }
    const orgAlert = (await refusedAlerts('orgadmin@acme.test')).find((a) => a.subject.id === coupon.id);
    expect(orgAlert).toMatchObject({ severity: 'warning', subject: { type: 'FUEL_REQUEST', label: 'LND-451-KJ' } });
    expect(await refusedAlerts('orgadmin@beta.test')).toEqual([]);
    expect(await refusedAlerts('rep@greenline.test')).toEqual([]);
  });

  it('is recorded whatever the refusal (an expired coupon), and not for a redemption made online', async () => {
    const coupon = await approvedCoupon();
    const online = await approvedCoupon();
    const start = (await followUps()).meta.total;
    const expiresAt = await t.db
      .selectFrom('fuel_requests')
      .select('coupon_expires_at')
      .where('id', '=', coupon.id)
      .executeTakeFirstOrThrow();
    const realNow = clock.now();
    clock.set(new Date((expiresAt.coupon_expires_at as Date).getTime() + 60_000));
    try {
      // Recorded before the coupon expired, sent after.
      const refused = await sendQueued(coupon, 'device-key-expired-1', {
        recordedOfflineAt: new Date(realNow.getTime() - 30 * 60_000).toISOString(),
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error).toMatch(/expired/);
      const onlineRefusal = await t.call('PATCH', `/api/fuel-requests/${online.id}/complete`, {
        token: token(ATTENDANT),
        body: { code: online.code, dispensedVolume: 4 },
      });
      expect(onlineRefusal.statusCode).toBe(422);
    } finally {
      clock.set(realNow);
    }
    const list = await followUps();
    expect(list.meta.total).toBe(start + 1);
    expect(list.followUps.find((f) => f.fuelRequestId === coupon.id)?.reason).toMatch(/expired/);
    expect(list.followUps.some((f) => f.fuelRequestId === online.id)).toBe(false);
  });

  it('names nothing of another station’s coupon sent by this station', async () => {
    const { id } = await approvedFuelRequest(
      t,
      token('orgadmin@acme.test'),
      { vehicleId: ids.hilux, stationId: ids.greenline, supplyDate: lagosDate(clock.now()), volume: 5 },
      {},
    );
    const refused = await sendQueued({ id, code: 'WXYZ-2345' }, 'device-key-other-station');
    expect(refused.statusCode).toBe(404);
    const item = (await followUps(REP, { search: 'WXYZ' })).followUps[0];
    expect(item).toMatchObject({ fuelRequestId: null, organization: null, plate: null, amount: null, couponCode: 'WXYZ-2345' });
    expect((await refusedAlerts('orgadmin@acme.test')).some((a) => a.message.includes('WXYZ-2345'))).toBe(false);
    // The other station sees none of Unity's follow-ups.
    expect((await followUps('rep@greenline.test')).meta.total).toBe(0);
  });

  it('is resolved by the station representative with a note, audited, and its alerts end', async () => {
    await requireConfirmation(true);
    const coupon = await approvedCoupon();
    await sendQueued(coupon, 'device-key-resolve-1');
    await requireConfirmation(false);
    const item = (await followUps()).followUps.find((f) => f.fuelRequestId === coupon.id) as RedemptionFollowUp;

    const empty = await t.call('PATCH', `/api/station/follow-ups/${item.id}/resolve`, { token: token(REP), body: { note: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain('Say how it was settled');
    const attendant = await t.call('PATCH', `/api/station/follow-ups/${item.id}/resolve`, { token: token(ATTENDANT), body: { note: 'x' } });
    expect(attendant.statusCode).toBe(403);
    const otherStation = await t.call('PATCH', `/api/station/follow-ups/${item.id}/resolve`, {
      token: token('rep@greenline.test'),
      body: { note: 'x' },
    });
    expect(otherStation.statusCode).toBe(404);
    const orgAdmin = await t.call('GET', '/api/station/follow-ups', { token: token('orgadmin@acme.test') });
    expect(orgAdmin.statusCode).toBe(403);

    const resolved = await t.call('PATCH', `/api/station/follow-ups/${item.id}/resolve`, {
      token: token(REP),
      body: { note: 'Driver came back; coupon redeemed again online' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().followUp).toMatchObject({
      status: 'RESOLVED',
      resolutionNote: 'Driver came back; coupon redeemed again online',
    });
    const twice = await t.call('PATCH', `/api/station/follow-ups/${item.id}/resolve`, { token: token(REP), body: { note: 'again' } });
    expect(twice.statusCode).toBe(422);

    expect((await refusedAlerts(REP)).some((a) => a.subject.id === item.id)).toBe(false);
    expect((await refusedAlerts('orgadmin@acme.test')).some((a) => a.subject.id === coupon.id)).toBe(false);
    expect((await followUps(REP, { status: 'RESOLVED' })).followUps.map((f) => f.id)).toContain(item.id);

    const audit = await t.call('GET', '/api/audit-log', { token: token(REP), query: { entityId: item.id } });
    expect(
      audit
        .json()
        .entries.map((e: { action: string }) => e.action)
        .sort(),
    ).toEqual(['redemption_follow_up.opened', 'redemption_follow_up.resolved']);
    // The platform admin sees every station's, or one station's.
    const admin = await followUps('admin@fleetfuel.test', { stationId: ids.unity });
    expect(admin.followUps.map((f) => f.id)).toContain(item.id);
  });
});
