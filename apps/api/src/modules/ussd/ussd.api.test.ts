/**
 * Issue 46's USSD menu end to end over HTTP, as Africa's Talking calls it: the pump PIN, a fuel
 * request raised through the same service as the web's, the driver's coupons texted again, the
 * latest requests' status, the language, the session's timeout, and who gets no further than END.
 */
import { describe, expect, it } from 'vitest';
import { eventually, movableClock } from '../../../test/harness.js';
import { creditOrganization } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';
import { ussdCallback, ussdSession } from '../../../test/ussd.js';
import { say } from './ussd-texts.js';

const DRIVER_PHONE = '+2348030000004';
const PIN = '2468';
const clock = movableClock();

const world = useTestApp({
  deps: { clock },
  signIn: ['driver@acme.test', 'orgadmin@acme.test', 'admin@fleetfuel.test'],
  ids: async (find) => ({ driver: await find.user('driver@acme.test'), driver2: await find.user('driver2@acme.test') }),
  setUp: async ({ t, token }) => {
    await creditOrganization(t, 'Acme Logistics', 200_000);
    // The stations' states, as the demo's fuel controls set them (the test template has none).
    await t.db
      .updateTable('fuel_stations')
      .set({ state: 'Lagos' })
      .where('name', 'in', ['Unity Fuels Ikeja', 'Greenline Energy Lekki'])
      .execute();
    const res = await t.call('PUT', '/api/account/pump-pin', { token: token('driver@acme.test'), body: { pin: PIN } });
    expect(res.statusCode).toBe(200);
  },
});

/** A minute later than the last test: the callback counts of one phone start afresh. */
function nextMinute() {
  clock.set(new Date(clock.now().getTime() + 61_000));
}

async function fuelRequestsOfDriver() {
  const res = await world.t.call('GET', '/api/fuel-requests/all-requests', {
    token: world.token('orgadmin@acme.test'),
    query: { pageSize: 50, sort: 'createdAt', order: 'desc' },
  });
  expect(res.statusCode).toBe(200);
  return (
    res.json().requests as {
      id: string;
      volume: number;
      status: string;
      couponCode: string | null;
      station: { name: string };
      vehicle: { plateNumber: string };
    }[]
  ).filter((request) => request.vehicle.plateNumber === 'LND-451-KJ');
}

describe('USSD for drivers', () => {
  it('asks for the pump PIN, says when it is wrong, and opens the menu when it is right; the sign-in is audited', async () => {
    nextMinute();
    const { replies } = await ussdSession(world.t, DRIVER_PHONE, ['1111', PIN]);
    expect(replies[0]).toBe(`CON ${say('en', 'welcome')}`);
    expect(replies[1]).toBe(`CON ${say('en', 'pinWrong')}`);
    expect(replies[2]).toBe(`CON ${say('en', 'menu')}`);
    const audit = await world.t.call('GET', '/api/audit-log', {
      token: world.token('admin@fleetfuel.test'),
      query: { entityId: world.ids.driver, action: 'user.signed_in' },
    });
    expect(audit.json().entries[0]).toMatchObject({ action: 'user.signed_in', note: 'By USSD, with the pump PIN' });
  });

  it('re-shows a screen with a short error on a choice it does not offer', async () => {
    nextMinute();
    const { last } = await ussdSession(world.t, DRIVER_PHONE, [PIN, '9']);
    expect(last).toBe(`CON ${say('en', 'invalid')}\n${say('en', 'menu')}`);
    const litres = await ussdSession(world.t, DRIVER_PHONE, [PIN, '1', 'twenty']);
    expect(litres.last).toBe(`CON ${say('en', 'invalidLitres')}\n${say('en', 'askLitres', { plate: 'LND-451-KJ' })}`);
  });

  it('requests fuel for the driver’s vehicle at a station chosen by state, through the fuel requests service', async () => {
    nextMinute();
    const { replies } = await ussdSession(world.t, DRIVER_PHONE, [PIN, '1', '20', '1']);
    expect(replies[2]).toBe(`CON ${say('en', 'askLitres', { plate: 'LND-451-KJ' })}`);
    expect(replies[3]).toMatch(/^CON Choose the station's state:\n1 Lagos\n/);
    const stations = replies[4] ?? '';
    expect(stations).toMatch(/^CON Stations in Lagos:\n/);
    const unity = /(\d+) Unity Fuels Ikeja/.exec(stations)?.[1];
    expect(unity).toBeDefined();
    const rest = await ussdSession(world.t, DRIVER_PHONE, [PIN, '1', '20', '1', unity ?? '', '1']);
    expect(rest.replies[5]).toBe(`CON ${say('en', 'confirm', { litres: 20, plate: 'LND-451-KJ', station: 'Unity Fuels Ikeja' })}`);
    expect(rest.last).toBe(`END ${say('en', 'requested')}`);
    const [latest] = await fuelRequestsOfDriver();
    expect(latest).toMatchObject({ volume: 20, status: 'PENDING', station: { name: 'Unity Fuels Ikeja' } });
    const audit = await world.t.call('GET', '/api/audit-log', {
      token: world.token('admin@fleetfuel.test'),
      query: { entityId: latest?.id ?? '', action: 'fuel_request.created' },
    });
    expect(audit.json().entries).toHaveLength(1);
    expect(audit.json().entries[0]).toMatchObject({ note: 'By USSD' });
  });

  it('shows a refusal of the service on its last screen instead of failing', async () => {
    nextMinute();
    const { last } = await ussdSession(world.t, DRIVER_PHONE, [PIN, '1', '99999', '1', '1', '1']);
    expect(last).toMatch(/^END Not sent: /);
    expect(last.length).toBeLessThanOrEqual(182);
    const cancelled = await ussdSession(world.t, DRIVER_PHONE, [PIN, '1', '5', '1', '1', '2']);
    expect(cancelled.last).toBe(`END ${say('en', 'cancelled')}`);
  });

  it('lists the approved coupons with their expiry and texts the one chosen', async () => {
    nextMinute();
    const [pending] = (await fuelRequestsOfDriver()).filter((request) => request.status === 'PENDING');
    const approved = await world.t.call('PATCH', `/api/fuel-requests/${pending?.id ?? ''}/approve`, {
      token: world.token('orgadmin@acme.test'),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const code = approved.json().request.couponCode as string;
    await world.t.app.background.idle();
    const textsBefore = world.t.smsOutbox().filter((sms) => sms.to === DRIVER_PHONE && sms.text.includes(code)).length;
    const list = await ussdSession(world.t, DRIVER_PHONE, [PIN, '2']);
    expect(list.last).toMatch(/^CON Coupons \(choose one for SMS\):\n/);
    const choice = new RegExp(`(\\d+) ${code} till \\d\\d/\\d\\d \\d\\d:\\d\\d`).exec(list.last)?.[1];
    expect(choice).toBeDefined();
    const sent = await ussdSession(world.t, DRIVER_PHONE, [PIN, '2', choice ?? '']);
    expect(sent.last).toBe(`END ${say('en', 'couponSent', { code })}`);
    await eventually(() => {
      const texts = world.t.smsOutbox().filter((sms) => sms.to === DRIVER_PHONE && sms.text.includes(code));
      return texts.length > textsBefore ? texts : undefined;
    });
  });

  it('shows the latest requests with their status', async () => {
    nextMinute();
    const { last } = await ussdSession(world.t, DRIVER_PHONE, [PIN, '3']);
    expect(last).toMatch(/^END Your latest requests:\n/);
    expect(last).toMatch(/20L Approved Unity Fuels/);
    expect(last.length).toBeLessThanOrEqual(182);
  });

  it('changes the language: the menu, the next session and the profile follow it', async () => {
    nextMinute();
    const { replies } = await ussdSession(world.t, DRIVER_PHONE, [PIN, '4', '3']);
    expect(replies[2]).toMatch(/^CON Choose your language:\n1 English\n2 Naij/);
    expect(replies[3]).toBe(`CON ${say('ha', 'languageSaved')}\n${say('ha', 'menu')}`);
    const me = await world.t.call('GET', '/api/auth/me', { token: world.token('driver@acme.test') });
    expect(me.json()).toMatchObject({ language: 'ha' });
    const again = await ussdSession(world.t, DRIVER_PHONE, [PIN]);
    expect(again.replies).toEqual([`CON ${say('ha', 'welcome')}`, `CON ${say('ha', 'menu')}`]);
    const audit = await world.t.call('GET', '/api/audit-log', {
      token: world.token('admin@fleetfuel.test'),
      query: { entityId: world.ids.driver, action: 'user.language_changed' },
    });
    expect(audit.json().entries[0]).toMatchObject({ changes: { language: { before: 'en', after: 'ha' } }, note: 'By USSD' });
    await ussdSession(world.t, DRIVER_PHONE, [PIN, '4', '1']);
  });

  it('ends a session left for longer than its timeout, and the hourly job purges it', async () => {
    nextMinute();
    const sessionId = 'ATUid_timeout';
    const first = await ussdCallback(world.t, { sessionId, phoneNumber: DRIVER_PHONE, text: '' });
    expect(first.body).toBe(`CON ${say('en', 'welcome')}`);
    clock.set(new Date(clock.now().getTime() + (world.t.config.ussd.sessionTimeoutSeconds + 1) * 1000));
    expect(await world.t.app.jobs.purgeUssdSessions()).toBeGreaterThanOrEqual(1);
    const late = await ussdCallback(world.t, { sessionId, phoneNumber: DRIVER_PHONE, text: PIN });
    expect(late.body).toBe(`END ${say('en', 'timedOut')}`);
  });

  it('tells an unknown number, and another role’s number, the same; a frozen or disabled driver gets no further', async () => {
    nextMinute();
    const unknown = await ussdSession(world.t, '+2348099999999', []);
    expect(unknown.last).toBe(`END ${say('en', 'unknownNumber')}`);
    // An organization admin reading FleetFuel in Hausa: still the English screen of an unknown number.
    await world.t.db.updateTable('users').set({ language: 'ha' }).where('phone', '=', '+2348030000002').execute();
    const admin = await ussdSession(world.t, '+2348030000002', []);
    expect(admin.last).toBe(unknown.last);
    const notAPhone = await ussdSession(world.t, 'not-a-number', []);
    expect(notAPhone.last).toBe(unknown.last);
    await world.t.db.updateTable('users').set({ status: 'INACTIVE' }).where('id', '=', world.ids.driver2).execute();
    expect((await ussdSession(world.t, '+2348030000005', [])).last).toBe(`END ${say('en', 'blocked')}`);
    await world.t.db.updateTable('users').set({ status: 'ACTIVE' }).where('id', '=', world.ids.driver2).execute();
  });

  it('makes a driver wait after five wrong PINs in a row', async () => {
    nextMinute();
    const wrong = await ussdSession(world.t, DRIVER_PHONE, ['0000', '0001', '0002', '0003', '0004']);
    expect(wrong.replies.slice(1, 5)).toEqual(Array(4).fill(`CON ${say('en', 'pinWrong')}`));
    expect(wrong.last).toBe(`END ${say('en', 'pinLocked', { minutes: 15 })}`);
    nextMinute();
    const right = await ussdSession(world.t, DRIVER_PHONE, [PIN]);
    expect(right.last).toMatch(/^END Too many wrong PINs\. Try again in 1[34] min\.$/);
    clock.set(new Date(clock.now().getTime() + 15 * 60_000));
    expect((await ussdSession(world.t, DRIVER_PHONE, [PIN])).last).toBe(`CON ${say('en', 'menu')}`);
  });
});
