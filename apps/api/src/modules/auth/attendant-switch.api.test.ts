/**
 * A shared station device (issue 42): station staff set their own station PIN (with their password),
 * hand the device to one another with it, and each redemption after a switch is recorded under the
 * attendant who took over. Five wrong PINs lock switching to that attendant for 15 minutes, kept on
 * the server; the representative clears a forgotten PIN.
 */
import type { AuditEntry } from '@fleetfuel/contract';
import { describe, expect, it } from 'vitest';
import { lagosDate } from '../../platform/clock.js';
import { DEMO_PASSWORD, movableClock } from '../../../test/harness.js';
import { creditOrganization } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';

const clock = movableClock();
const REP = 'rep@unityfuels.test';
const ATTENDANT = 'attendant@unityfuels.test';
const PIN = '2468';

const world = useTestApp({
  deps: { clock },
  signIn: [REP, ATTENDANT, 'rep@greenline.test', 'driver@acme.test', 'orgadmin@acme.test'],
  ids: async (find) => ({
    rep: await find.user(REP),
    attendant: await find.user(ATTENDANT),
    greenlineRep: await find.user('rep@greenline.test'),
    unity: await find.station('Unity Fuels Ikeja'),
    hilux: await find.vehicle('LND-451-KJ'),
  }),
  setUp: async ({ t }) => creditOrganization(t, 'Acme Logistics', 100_000),
});

const setStationPin = (email: string, body: Record<string, unknown>) =>
  world.t.call('PUT', '/api/account/station-pin', { token: world.token(email), body });

const switchTo = (token: string, attendantId: string, pin: string) =>
  world.t.call('POST', '/api/station/switch-attendant', { token, body: { attendantId, pin } });

/** Sets the PIN from a fresh session: an earlier switch may have ended the one `world` held. */
async function givenPin(email: string, pin: string) {
  await world.signIn(email);
  const res = await setStationPin(email, { pin, currentPassword: DEMO_PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
}

const pinState = (id: string) =>
  world.t.db
    .selectFrom('users')
    .select(['station_pin_hash', 'station_pin_failures', 'station_pin_locked_until'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const auditOf = async (token: string, action: string) =>
  (await world.t.call('GET', '/api/audit-log', { token, query: { action } })).json<{ entries: AuditEntry[] }>().entries;

async function approvedCoupon(): Promise<{ id: string; code: string }> {
  const token = world.token('orgadmin@acme.test');
  const body = { vehicleId: world.ids.hilux, stationId: world.ids.unity, supplyDate: lagosDate(clock.now()), volume: 5 };
  const created = await world.t.call('POST', '/api/fuel-requests', { token, body });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().request.id as string;
  const approved = await world.t.call('PATCH', `/api/fuel-requests/${id}/approve`, { token, body: {} });
  expect(approved.statusCode, approved.body).toBe(200);
  return { id, code: approved.json().request.couponCode as string };
}

describe('station PIN', () => {
  it('is set by station staff with their current password, 4 to 6 digits, and stored only as a slow hash', async () => {
    for (const pin of ['12a4', '123', '1234567']) {
      const res = await setStationPin(ATTENDANT, { pin, currentPassword: DEMO_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'pin', error: 'pin: PIN must be 4 to 6 digits' });
    }
    const wrong = await setStationPin(ATTENDANT, { pin: PIN, currentPassword: 'Not-The-Password-1' });
    expect(wrong.json()).toMatchObject({ field: 'currentPassword', error: 'The current password is not correct' });
    const driver = await world.t.call('PUT', '/api/account/station-pin', {
      token: world.token('driver@acme.test'),
      body: { pin: PIN, currentPassword: DEMO_PASSWORD },
    });
    expect(driver.statusCode).toBe(403);

    const ok = await setStationPin(ATTENDANT, { pin: PIN, currentPassword: DEMO_PASSWORD });
    expect(ok.json()).toEqual({ message: 'Station PIN saved; use it to take over the station’s shared device' });
    const { station_pin_hash: hash } = await pinState(world.ids.attendant);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain(PIN);
  });

  it("lists the station's active staff with whether each has a PIN, for the station only", async () => {
    const created = await world.t.call('POST', '/api/admin/users', {
      token: world.token(REP),
      body: { name: 'Tunde Bakare', email: 'tunde@unityfuels.test', role: 'ATTENDANT', password: 'Pump-Shift-2026' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const res = await world.t.call('GET', '/api/station/device-attendants', { token: world.token(ATTENDANT) });
    expect(res.statusCode).toBe(200);
    expect(res.json().attendants).toEqual([
      { id: world.ids.rep, name: 'Bola Adeyemi', hasPin: true },
      { id: world.ids.attendant, name: 'Sani Danjuma', hasPin: true },
      { id: created.json().id, name: 'Tunde Bakare', hasPin: false },
    ]);
    for (const email of ['driver@acme.test', 'orgadmin@acme.test']) {
      expect((await world.t.call('GET', '/api/station/device-attendants', { token: world.token(email) })).statusCode).toBe(403);
    }
  });
});

describe('switching the shared device', () => {
  it('hands the session to the attendant with the right PIN; the old session ends and the next redemption is theirs', async () => {
    await givenPin(ATTENDANT, PIN);
    const device = await world.signIn(REP);
    const res = await switchTo(device, world.ids.attendant, PIN);
    expect(res.statusCode, res.body).toBe(200);
    const { token, user } = res.json<{ token: string; user: { id: string; role: string } }>();
    expect(user).toMatchObject({ id: world.ids.attendant, role: 'ATTENDANT', firstName: 'Sani' });

    const me = await world.t.call('GET', '/api/auth/me', { token });
    expect(me.json()).toMatchObject({ id: world.ids.attendant, email: ATTENDANT });
    expect((await world.t.call('GET', '/api/auth/me', { token: device })).statusCode).toBe(401);

    const coupon = await approvedCoupon();
    const redeemed = await world.t.call('PATCH', `/api/fuel-requests/${coupon.id}/complete`, {
      token,
      body: { code: coupon.code, dispensedVolume: 4 },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const row = await world.t.db.selectFrom('fuel_requests').select('redeemed_by').where('id', '=', coupon.id).executeTakeFirstOrThrow();
    expect(row.redeemed_by).toBe(world.ids.attendant);

    const [entry] = await auditOf(await world.signIn(REP), 'fuel_station.attendant_switched');
    expect(entry).toMatchObject({
      entityType: 'fuel_station',
      entityId: world.ids.unity,
      actor: { id: world.ids.rep, role: 'STATION_REP' },
      changes: { attendantId: { before: world.ids.rep, after: world.ids.attendant } },
    });
  });

  it('counts wrong PINs, locks that attendant for 15 minutes after five, and a right PIN starts the count again', async () => {
    await givenPin(REP, '13579');
    const device = await world.signIn(ATTENDANT);
    for (const left of [4, 3]) {
      const wrong = await switchTo(device, world.ids.rep, '0000');
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({
        field: 'pin',
        error: `Wrong PIN; ${left} tries left before switching to Bola Adeyemi is locked`,
      });
    }
    expect((await pinState(world.ids.rep)).station_pin_failures).toBe(2);
    const right = await switchTo(device, world.ids.rep, '13579');
    expect(right.statusCode, right.body).toBe(200);
    expect((await pinState(world.ids.rep)).station_pin_failures).toBe(0);

    const back = await switchTo(right.json().token, world.ids.attendant, PIN);
    expect(back.statusCode, back.body).toBe(200);
    const next = back.json().token as string;
    for (let n = 1; n <= 4; n += 1) expect((await switchTo(next, world.ids.rep, '9999')).statusCode).toBe(422);
    const fifth = await switchTo(next, world.ids.rep, '9999');
    expect(fifth.statusCode).toBe(429);
    const { station_pin_locked_until: until } = await pinState(world.ids.rep);
    expect(until?.getTime()).toBe(clock.now().getTime() + 15 * 60_000);
    expect(fifth.json().error).toMatch(/^Switching to Bola Adeyemi is locked until .+ after 5 wrong PINs$/);
    expect(fifth.headers['retry-after']).toBe('900');

    const locked = await switchTo(next, world.ids.rep, '13579');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(fifth.json().error);
    clock.set(new Date(clock.now().getTime() + 14 * 60_000));
    expect((await switchTo(next, world.ids.rep, '13579')).statusCode).toBe(429);
    clock.set(new Date(clock.now().getTime() + 60_000));
    const unlocked = await switchTo(next, world.ids.rep, '13579');
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(await pinState(world.ids.rep)).toMatchObject({ station_pin_failures: 0, station_pin_locked_until: null });
  });

  it("answers 404 for another station's user, 403 for a driver or an organization admin, and refuses an attendant without a PIN", async () => {
    const device = await world.signIn(REP);
    expect((await switchTo(device, world.ids.greenlineRep, '1234')).statusCode).toBe(404);
    expect((await switchTo(device, '00000000-0000-4000-8000-000000000000', '1234')).statusCode).toBe(404);
    for (const email of ['driver@acme.test', 'orgadmin@acme.test']) {
      expect((await switchTo(world.token(email), world.ids.attendant, PIN)).statusCode).toBe(403);
    }
    expect((await switchTo(device, world.ids.rep, '1234')).json().error).toBe('This device is already signed in as you');
    const { id } = await world.t.db.selectFrom('users').select('id').where('email', '=', 'tunde@unityfuels.test').executeTakeFirstOrThrow();
    const noPin = await switchTo(device, id, '1234');
    expect(noPin.statusCode).toBe(422);
    expect(noPin.json().error).toBe('Tunde Bakare has no station PIN yet; they set one under Account › Security');
  });

  it("lets the representative clear an attendant's forgotten PIN, audited, but not another station's", async () => {
    await givenPin(ATTENDANT, PIN);
    const rep = await world.signIn(REP);
    const other = await world.t.call('DELETE', `/api/admin/users/${world.ids.attendant}/station-pin`, {
      token: world.token('rep@greenline.test'),
    });
    expect(other.statusCode).toBe(404);
    const byAttendant = await world.t.call('DELETE', `/api/admin/users/${world.ids.rep}/station-pin`, {
      token: await world.signIn(ATTENDANT),
    });
    expect(byAttendant.statusCode).toBe(403);

    const cleared = await world.t.call('DELETE', `/api/admin/users/${world.ids.attendant}/station-pin`, { token: rep });
    expect(cleared.json()).toEqual({ message: 'The station PIN of Sani Danjuma was cleared; they set a new one under Account › Security' });
    expect((await pinState(world.ids.attendant)).station_pin_hash).toBeNull();
    expect((await switchTo(rep, world.ids.attendant, PIN)).statusCode).toBe(422);
    const [entry] = await auditOf(rep, 'user.station_pin_cleared');
    expect(entry).toMatchObject({ entityId: world.ids.attendant, changes: { stationPinSet: { before: true, after: false } } });
  });
});
