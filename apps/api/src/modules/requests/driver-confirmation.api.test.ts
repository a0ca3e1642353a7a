/**
 * Driver confirmation at the pump (issue 13): with the rule on in Settings, a coupon redeems only
 * with the driver's PIN or a one-time code texted to the driver. Five wrong tries lock the coupon
 * for 15 minutes (kept although each redemption is refused), raise an alert for the organization's
 * admins and an audit entry; the lock ends by itself. Off, redemption is as before.
 */
import type { Alert, AuditEntry } from '@fleetfuel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDate } from '../../platform/clock.js';
import { setUpStationWorld } from '../../../test/demo-world.js';
import { approvedFuelRequest } from '../../../test/fuel-coupons.js';
import { createTestApp, movableClock, type TestApp } from '../../../test/harness.js';

let t: TestApp;
const clock = movableClock();
const tokens: Record<string, string> = {};
const ids = {} as Record<'hilux' | 'unity' | 'driver' | 'driverPhone' | 'betaDriver', string>;
const PIN = '4821';
const MISSING = 'The driver must confirm this redemption';

const token = (email: string) => tokens[email] as string;
const minutesLater = (minutes: number) => clock.set(new Date(clock.now().getTime() + minutes * 60_000));

/** A fresh approved coupon for the Hilux (driven by driver@acme.test) at Unity Fuels. */
async function approvedCoupon(): Promise<{ id: string; code: string }> {
  const { id, couponCode } = await approvedFuelRequest(
    t,
    token('orgadmin@acme.test'),
    { vehicleId: ids.hilux, stationId: ids.unity, supplyDate: lagosDate(clock.now()), volume: 5 },
    {},
  );
  return { id, code: couponCode };
}

const redeem = (coupon: { id: string; code: string }, confirmation: Record<string, string> = {}, email = 'attendant@unityfuels.test') =>
  t.call('PATCH', `/api/fuel-requests/${coupon.id}/complete`, {
    token: token(email),
    body: { code: coupon.code, dispensedVolume: 4, ...confirmation },
  });

const sendCode = (id: string, email = 'attendant@unityfuels.test') =>
  t.call('POST', `/api/fuel-requests/${id}/confirmation-code`, { token: token(email) });

const preview = async (code: string) =>
  (await t.call('GET', '/api/fuel-requests/coupon', { token: token('attendant@unityfuels.test'), query: { code } })).json<{
    redeemable: boolean;
    message: string | null;
    driverConfirmationRequired: boolean;
  }>();

async function requireConfirmation(on: boolean) {
  const res = await t.call('PUT', '/api/settings/organization', {
    token: token('orgadmin@acme.test'),
    body: { requireDriverConfirmation: on },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().settings.requireDriverConfirmation).toBe(on);
}

const setPin = (pin: unknown, email = 'driver@acme.test') => t.call('PUT', '/api/account/pump-pin', { token: token(email), body: { pin } });

/** Each test states what it needs, whatever ran before: the setting, and whether the driver has the PIN. */
async function given(state: { confirmation: boolean; pin: boolean }) {
  await requireConfirmation(state.confirmation);
  if (state.pin) expect((await setPin(PIN)).statusCode).toBe(200);
  else await t.db.updateTable('users').set({ pump_pin_hash: null, pump_pin_set_at: null }).where('id', '=', ids.driver).execute();
}

const confirmationState = (id: string) =>
  t.db
    .selectFrom('fuel_requests')
    .select(['status', 'confirmation_failures', 'confirmation_locked_until', 'confirmation_code_hash'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const alertsOf = async (email: string) =>
  (await t.call('GET', '/api/alerts', { token: token(email) }))
    .json<{ alerts: Alert[] }>()
    .alerts.filter((a) => a.kind === 'COUPON_LOCKED');

const auditOf = async (entityId: string, action: string) =>
  (
    (await t.call('GET', '/api/audit-log', { token: token('orgadmin@acme.test'), query: { entityId } })).json().entries as AuditEntry[]
  ).filter((entry) => entry.action === action);

/**
 * The newest one-time-code text to `phone`, once the messages sent after the reply are out. The
 * approval's coupon text goes out in the background too, and may be written after a code.
 */
async function lastCodeTextTo(phone: string): Promise<string> {
  await t.app.background.idle();
  const texts = t.smsOutbox().filter((sms) => sms.to === phone && sms.text.startsWith('FleetFuel code '));
  return texts[texts.length - 1]?.text ?? '';
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  await setUpStationWorld(t, tokens, ids);
  const driver = await t.db.selectFrom('users').select(['id', 'phone']).where('email', '=', 'driver@acme.test').executeTakeFirstOrThrow();
  ids.driver = driver.id;
  ids.driverPhone = driver.phone as string;
  ids.betaDriver = (await t.db.selectFrom('users').select('id').where('email', '=', 'driver@beta.test').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t.close());

describe('driver confirmation at the pump', () => {
  it('redeems as before while the setting is off', async () => {
    await given({ confirmation: false, pin: false });
    const coupon = await approvedCoupon();
    expect(await preview(coupon.code)).toMatchObject({ redeemable: true, driverConfirmationRequired: false });
    const res = await redeem(coupon);
    expect(res.statusCode, res.body).toBe(200);
    const refused = await sendCode((await approvedCoupon()).id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe('This coupon needs no driver confirmation; redeem it directly');
  });

  it('refuses a redemption without the driver’s confirmation once the setting is on', async () => {
    await given({ confirmation: true, pin: false });
    const coupon = await approvedCoupon();
    expect(await preview(coupon.code)).toMatchObject({ redeemable: true, driverConfirmationRequired: true });
    const missing = await redeem(coupon);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ error: MISSING, code: 'RULE_VIOLATION' });
    const noPin = await redeem(coupon, { driverPin: PIN });
    expect(noPin.statusCode).toBe(422);
    expect(noPin.json().error).toBe('The driver has no pump PIN; send a one-time code to the driver');
    expect(await confirmationState(coupon.id)).toMatchObject({ status: 'APPROVED', confirmation_failures: 0 });
  });

  it('lets only a driver set a PIN of 4 to 6 digits, stored hashed', async () => {
    for (const pin of ['123', '1234567', '12a4', ' 1234', 1234, '']) {
      const res = await setPin(pin);
      expect(res.statusCode, `${JSON.stringify(pin)}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'pin' });
      expect(res.json().error).toContain('PIN must be 4 to 6 digits');
    }
    for (const email of ['orgadmin@acme.test', 'attendant@unityfuels.test', 'admin@fleetfuel.test']) {
      expect((await setPin(PIN, email)).statusCode, email).toBe(403);
    }
    const saved = await setPin(PIN);
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = await t.db
      .selectFrom('users')
      .select(['pump_pin_hash', 'pump_pin_set_at'])
      .where('id', '=', ids.driver)
      .executeTakeFirstOrThrow();
    expect(stored.pump_pin_hash).toMatch(/^\$argon2id\$/);
    expect(stored.pump_pin_set_at).not.toBeNull();
  });

  it('redeems with the right PIN, and after four wrong tries the right one still works', async () => {
    await given({ confirmation: true, pin: true });
    const first = await approvedCoupon();
    const ok = await redeem(first, { driverPin: PIN });
    expect(ok.statusCode, ok.body).toBe(200);

    const coupon = await approvedCoupon();
    const answers: string[] = [];
    for (const wrong of ['0000', '1111', '2222', '3333']) answers.push((await redeem(coupon, { driverPin: wrong })).json().error as string);
    expect(answers).toEqual([
      'Wrong PIN or code; 4 tries left',
      'Wrong PIN or code; 3 tries left',
      'Wrong PIN or code; 2 tries left',
      'Wrong PIN or code; 1 try left',
    ]);
    // Each refusal was committed: the count survives the refused redemptions.
    expect(await confirmationState(coupon.id)).toMatchObject({ status: 'APPROVED', confirmation_failures: 4 });
    const right = await redeem(coupon, { driverPin: PIN }, 'rep@unityfuels.test');
    expect(right.statusCode, right.body).toBe(200);
    expect(await confirmationState(coupon.id)).toMatchObject({ status: 'COMPLETED', confirmation_failures: 0 });
  });

  it('locks the coupon for 15 minutes after five wrong tries, with an alert and an audit entry', async () => {
    await given({ confirmation: true, pin: true });
    const coupon = await approvedCoupon();
    for (let i = 0; i < 4; i += 1) expect((await redeem(coupon, { driverPin: '9999' })).statusCode).toBe(422);
    const fifth = await redeem(coupon, { confirmationCode: '999999' });
    expect(fifth.statusCode).toBe(422);
    expect(fifth.json().error).toBe('This coupon is locked for 15 minutes after 5 wrong tries');

    const right = await redeem(coupon, { driverPin: PIN });
    expect(right.statusCode).toBe(422);
    expect(right.json().error).toMatch(/^This coupon is locked until .+ after 5 wrong tries$/);
    expect((await confirmationState(coupon.id)).status).toBe('APPROVED');
    expect(await preview(coupon.code)).toMatchObject({ redeemable: false, message: right.json().error });
    expect((await sendCode(coupon.id)).json().error).toBe(right.json().error);

    const [alert] = (await alertsOf('orgadmin@acme.test')).filter((a) => a.subject.id === coupon.id);
    expect(alert).toMatchObject({ severity: 'critical', subject: { type: 'FUEL_REQUEST', label: 'LND-451-KJ' } });
    expect(alert?.message).toContain(`Coupon ${coupon.code} for LND-451-KJ is locked until`);
    expect((await alertsOf('asst@acme.test')).map((a) => a.subject.id)).toContain(coupon.id);
    expect((await alertsOf('orgadmin@beta.test')).map((a) => a.subject.id)).not.toContain(coupon.id);

    const [entry] = await auditOf(coupon.id, 'fuel_request.confirmation_locked');
    expect(entry).toMatchObject({ actor: { role: 'ATTENDANT' }, note: '5 wrong driver PINs or codes at the pump' });
    expect(entry?.changes.confirmationLockedUntil?.before).toBeNull();

    minutesLater(16);
    expect((await alertsOf('orgadmin@acme.test')).map((a) => a.subject.id)).not.toContain(coupon.id);
    const afterLock = await redeem(coupon, { driverPin: PIN });
    expect(afterLock.statusCode, afterLock.body).toBe(200);
  });

  it('texts a one-time code to the driver that confirms the redemption once, for 10 minutes', async () => {
    await given({ confirmation: true, pin: true });
    const coupon = await approvedCoupon();
    const sent = await sendCode(coupon.id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe("A one-time code was sent to the driver's phone");
    const text = await lastCodeTextTo(ids.driverPhone);
    expect(text.length).toBeLessThanOrEqual(160);
    const code = /^FleetFuel code (\d{6}) confirms 5 L of PETROL for LND-451-KJ at Unity Fuels Ikeja\. Valid 10 minutes\./.exec(text)?.[1];
    expect(code, text).toBeDefined();
    expect((await confirmationState(coupon.id)).confirmation_code_hash).not.toContain(code);

    const ok = await redeem(coupon, { confirmationCode: code as string });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await confirmationState(coupon.id)).confirmation_code_hash).toBeNull();

    // Without a PIN only a live code confirms: reset by the organization admin, and a code 11 minutes old.
    expect((await t.call('DELETE', `/api/drivers/${ids.driver}/pump-pin`, { token: token('orgadmin@acme.test') })).statusCode).toBe(200);
    const later = await approvedCoupon();
    expect((await sendCode(later.id, 'rep@unityfuels.test')).statusCode).toBe(200);
    const oldCode = /code (\d{6})/.exec(await lastCodeTextTo(ids.driverPhone))?.[1] as string;
    minutesLater(11);
    const expired = await redeem(later, { confirmationCode: oldCode });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().error).toBe('The one-time code has expired; send a new code to the driver');

    // A new code replaces the earlier one.
    await sendCode(later.id);
    const first = /code (\d{6})/.exec(await lastCodeTextTo(ids.driverPhone))?.[1] as string;
    // Two random codes may match (one in a million): send again until the new one differs.
    let second = first;
    for (let sends = 0; second === first && sends < 5; sends += 1) {
      await sendCode(later.id);
      second = /code (\d{6})/.exec(await lastCodeTextTo(ids.driverPhone))?.[1] as string;
    }
    expect(second).not.toBe(first);
    expect((await redeem(later, { confirmationCode: first })).json().error).toBe('Wrong PIN or code; 4 tries left');
    expect((await redeem(later, { driverPin: second })).statusCode).toBe(200);
  });

  it('sends a code only for the station’s own coupons, to a driver with a phone, at the attendant’s asking', async () => {
    await given({ confirmation: true, pin: false });
    const coupon = await approvedCoupon();
    expect((await sendCode(coupon.id, 'rep@greenline.test')).statusCode).toBe(404);
    for (const email of ['orgadmin@acme.test', 'driver@acme.test', 'admin@fleetfuel.test']) {
      expect((await sendCode(coupon.id, email)).statusCode, email).toBe(403);
    }
    await t.db.updateTable('users').set({ phone: null }).where('id', '=', ids.driver).execute();
    const noPhone = await sendCode(coupon.id);
    await t.db.updateTable('users').set({ phone: ids.driverPhone }).where('id', '=', ids.driver).execute();
    expect(noPhone.statusCode).toBe(422);
    expect(noPhone.json().error).toBe("The driver has no phone number; use the driver's PIN");
  });

  it('lets the organization admin reset a driver’s PIN in its own organization only', async () => {
    expect((await setPin(PIN)).statusCode).toBe(200);
    const reset = await t.call('DELETE', `/api/drivers/${ids.driver}/pump-pin`, { token: token('asst@acme.test') });
    expect(reset.statusCode, reset.body).toBe(200);
    const stored = await t.db
      .selectFrom('users')
      .select(['pump_pin_hash', 'pump_pin_set_at'])
      .where('id', '=', ids.driver)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ pump_pin_hash: null, pump_pin_set_at: null });
    const entries = await auditOf(ids.driver, 'user.pump_pin_reset');
    expect(entries[0]).toMatchObject({ actor: { role: 'ASST_ADMINISTRATOR' }, changes: { pumpPinSet: { before: true, after: false } } });

    expect((await t.call('DELETE', `/api/drivers/${ids.betaDriver}/pump-pin`, { token: token('orgadmin@acme.test') })).statusCode).toBe(
      404,
    );
    expect((await t.call('DELETE', `/api/drivers/${ids.driver}/pump-pin`, { token: token('orgadmin@beta.test') })).statusCode).toBe(404);
    for (const email of ['driver@acme.test', 'attendant@unityfuels.test', 'rep@unityfuels.test']) {
      expect((await t.call('DELETE', `/api/drivers/${ids.driver}/pump-pin`, { token: token(email) })).statusCode, email).toBe(403);
    }
    await requireConfirmation(false);
  });
});
