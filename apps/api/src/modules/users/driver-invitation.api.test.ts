/**
 * `POST /drivers/:id/invitation`: a driver imported without a password whose invitation was lost
 * or has expired gets a new one (a fresh 7-day token, by e-mail or else SMS); only the newest link
 * chooses the password. Fleet managers of the driver's organization send it, nobody else.
 */
import { describe, expect, it } from 'vitest';
import type { ApiKey, ApiKeyScope } from '@fleetfuel/contract';
import { movableClock } from '../../../test/harness.js';
import { USUAL_ACCOUNTS } from '../../../test/demo-world.js';
import { useTestApp } from '../../../test/test-world.js';
import { multipart } from '../../../test/multipart.js';
import { INVALID_RESET_TOKEN_MESSAGE } from '../auth/index.js';

// Moved by the expired invitation's test; standing still otherwise.
const clock = movableClock();
const DAY_MS = 24 * 60 * 60_000;

const world = useTestApp({
  deps: { clock },
  signIn: [...USUAL_ACCOUNTS, 'attendant@unityfuels.test'],
});

/** Imports drivers without passwords as Acme's admin, and waits until their invitations are sent. */
async function importInvited(lines: string[]) {
  const csv = ['Name,Email,Phone,Password,Group,Status', ...lines].join('\n');
  const form = multipart({ file: { filename: 'drivers.csv', contentType: 'text/csv', data: Buffer.from(csv) } });
  const res = await world.t.call('POST', '/api/drivers/import', {
    token: world.token('orgadmin@acme.test'),
    body: form.body,
    headers: form.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  await world.t.app.background.idle();
}

const idOf = async (column: 'email' | 'phone', value: string) =>
  (await world.t.db.selectFrom('users').select('id').where(column, '=', value).executeTakeFirstOrThrow()).id;

/** As the web client calls it: a JSON content type and no body. */
const resend = (driverId: string, token: string | undefined) =>
  world.t.call('POST', `/api/drivers/${driverId}/invitation`, { token, headers: { 'content-type': 'application/json' } });

const linkToken = (text: string | undefined) => /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];
const textsTo = (phone: string) => world.t.smsOutbox().filter((sms) => sms.to === phone);
const mailTo = (email: string) => world.t.outbox().filter((mail) => mail.to === email);
const messageCount = () => world.t.outbox().length + world.t.smsOutbox().length;
const choosePassword = (resetToken: string | undefined, password: string) =>
  world.t.call('POST', '/api/auth/reset-password', { body: { token: resetToken, password } });
const tokenRowsOf = (userId: string) =>
  world.t.db
    .selectFrom('password_reset_tokens')
    .select(['used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

async function pendingOf(search: string): Promise<Record<string, boolean>> {
  const res = await world.t.call('GET', '/api/drivers', { token: world.token('orgadmin@acme.test'), query: { search } });
  expect(res.statusCode, res.body).toBe(200);
  const drivers = res.json<{ data: Array<{ name: string; passwordPending: boolean }> }>().data;
  return Object.fromEntries(drivers.map((driver) => [driver.name, driver.passwordPending]));
}

describe('resending a driver’s invitation', () => {
  it('texts an SMS-only driver a new link that chooses the password; the first link no longer does', async () => {
    await importInvited(['Resend Text,,0803 555 0411,,,', 'Resend Waiting,resend.waiting@example.com,,,,']);
    const phone = '+2348035550411';
    const driverId = await idOf('phone', phone);
    const firstToken = linkToken(textsTo(phone)[0]?.text);
    expect(firstToken).toBeDefined();
    // These two among the file's other "Resend …" drivers, whichever tests made them before.
    expect(await pendingOf('Resend')).toMatchObject({ 'Resend Text': true, 'Resend Waiting': true });

    const res = await resend(driverId, world.token('orgadmin@acme.test'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: `Invitation sent to ${phone}` });
    await world.t.app.background.idle();
    const texts = textsTo(phone);
    expect(texts).toHaveLength(2);
    expect(texts[1]?.text).toMatch(/^FleetFuel: .*within 7 days: http:\/\/app\.test\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    // Worded as a new link, not as a second welcome.
    expect(texts[0]?.text).toContain('you have been added as a driver');
    expect(texts[1]?.text).toContain('here is a new link to choose your password');
    const newToken = linkToken(texts[1]?.text);
    expect(newToken).not.toBe(firstToken);
    // The first token was retired in the resend's transaction, the new one waits unused.
    expect((await tokenRowsOf(driverId)).map((row) => row.used_at !== null)).toEqual([true, false]);

    const stale = await choosePassword(firstToken, 'First-Link-2026');
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ field: 'token', error: INVALID_RESET_TOKEN_MESSAGE });
    expect((await choosePassword(newToken, 'New-Link-2026')).statusCode).toBe(200);
    expect(await world.t.login('0803 555 0411', 'New-Link-2026')).toBeTruthy();
    expect(await pendingOf('Resend')).toMatchObject({ 'Resend Text': false, 'Resend Waiting': true });

    const audit = await world.t.call('GET', '/api/audit-log', { token: world.token('orgadmin@acme.test'), query: { entityId: driverId } });
    expect(audit.json().entries).toMatchObject([
      { action: 'user.invitation_sent', entityType: 'user', changes: { channel: { before: null, after: 'sms' } } },
    ]);
  });

  it('mails a new 7-day link to a driver whose invitation has expired', async () => {
    await importInvited(['Resend Late,resend.late@example.com,,,,']);
    const email = 'resend.late@example.com';
    const driverId = await idOf('email', email);
    const firstToken = linkToken(mailTo(email)[0]?.text);
    const issuedAt = clock.now();
    try {
      clock.set(new Date(issuedAt.getTime() + 8 * DAY_MS));
      expect((await choosePassword(firstToken, 'Too-Late-Pass-2026')).json().error).toBe(INVALID_RESET_TOKEN_MESSAGE);
      // An assistant admin manages drivers too (fleet.manage); signed in now, as the clock has moved.
      const res = await resend(driverId, await world.t.login('asst@acme.test'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: `Invitation sent to ${email}` });
      await world.t.app.background.idle();
      const mails = mailTo(email);
      expect(mails).toHaveLength(2);
      expect(mails[1]).toMatchObject({ subject: 'Choose your FleetFuel password' });
      expect(mails[1]?.text).toContain('Hello Resend Late,');
      expect(mails[1]?.text).toContain('Here is a new link to your FleetFuel driver account; earlier links no longer work.');
      expect(mails[0]?.text).toContain('You have been added as a driver on FleetFuel.');

      clock.set(new Date(issuedAt.getTime() + 15 * DAY_MS - 60_000));
      expect((await choosePassword(linkToken(mails[1]?.text), 'On-Time-Pass-2026')).statusCode).toBe(200);
    } finally {
      clock.set(issuedAt);
    }
    expect(await world.t.login(email, 'On-Time-Pass-2026')).toBeTruthy();
  });

  it('refuses a driver who has a password (409), and answers 404 for another organization’s driver or a non-driver', async () => {
    await importInvited(['Resend Guarded,resend.guarded@example.com,,,,']);
    const guarded = await idOf('email', 'resend.guarded@example.com');
    const acmeAdmin = world.token('orgadmin@acme.test');
    const messagesBefore = messageCount();
    const tokensBefore = await tokenRowsOf(guarded);

    const chosen = await resend(await idOf('email', 'driver@acme.test'), acmeAdmin);
    expect(chosen.statusCode).toBe(409);
    expect(chosen.json()).toMatchObject({ code: 'CONFLICT', error: 'This driver has already chosen a password' });

    const notFound = [
      [await idOf('email', 'driver@beta.test'), acmeAdmin],
      [guarded, world.token('orgadmin@beta.test')],
      [await idOf('email', 'asst@acme.test'), acmeAdmin],
      ['00000000-0000-4000-8000-000000000000', acmeAdmin],
    ] as const;
    for (const [driverId, token] of notFound) {
      const res = await resend(driverId, token);
      expect(res.statusCode, driverId).toBe(404);
      expect(res.json().error).toMatch(/not found/);
    }
    const badId = await resend('not-an-id', acmeAdmin);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().code).toBe('VALIDATION_FAILED');

    await world.t.app.background.idle();
    expect(messageCount()).toBe(messagesBefore);
    expect(await tokenRowsOf(guarded)).toEqual(tokensBefore);
  });

  it('is for fleet managers only: drivers, station roles and API keys are refused, the platform admin may', async () => {
    await importInvited(['Resend Scoped,,0803 555 0412,,,']);
    const phone = '+2348035550412';
    const driverId = await idOf('phone', phone);
    const keys: string[] = [];
    for (const scope of ['read', 'request'] satisfies ApiKeyScope[]) {
      const created = await world.t.call('POST', '/api/api-keys', {
        token: world.token('orgadmin@acme.test'),
        body: { name: `Resend ${scope}`, scope },
      });
      expect(created.statusCode, created.body).toBe(200);
      keys.push(created.json<{ apiKey: ApiKey; secret: string }>().secret);
    }

    for (const token of [
      world.token('driver@acme.test'),
      world.token('rep@unityfuels.test'),
      world.token('attendant@unityfuels.test'),
      ...keys,
    ]) {
      const res = await resend(driverId, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await resend(driverId, undefined)).statusCode).toBe(401);
    await world.t.app.background.idle();
    expect(textsTo(phone)).toHaveLength(1);

    const byAdmin = await resend(driverId, world.token('admin@fleetfuel.test'));
    expect(byAdmin.json()).toEqual({ message: `Invitation sent to ${phone}` });
    await world.t.app.background.idle();
    expect(textsTo(phone)).toHaveLength(2);
  });

  it('sends at most 3 a driver an hour: the next is refused with 429 and Retry-After, sends nothing, and waits for the hour', async () => {
    await importInvited(['Resend Often,,0803 555 0413,,,']);
    const phone = '+2348035550413';
    const driverId = await idOf('phone', phone);
    const admin = world.token('orgadmin@acme.test');
    const startedAt = clock.now();
    try {
      for (let sent = 0; sent < 3; sent += 1) {
        clock.set(new Date(startedAt.getTime() + sent * 60_000));
        expect((await resend(driverId, admin)).statusCode).toBe(200);
      }
      await world.t.app.background.idle();
      expect(textsTo(phone)).toHaveLength(4);
      const tokensBefore = await tokenRowsOf(driverId);

      clock.set(new Date(startedAt.getTime() + 30 * 60_000));
      const refused = await resend(driverId, admin);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(30 * 60));
      expect(refused.json()).toMatchObject({
        code: 'RATE_LIMITED',
        error: 'Resend Often was sent 3 invitations within the hour. Try again in 30 minutes.',
      });
      await world.t.app.background.idle();
      expect(textsTo(phone)).toHaveLength(4);
      expect(await tokenRowsOf(driverId)).toEqual(tokensBefore);

      // A refusal does not count: once the hour has passed, the next one goes.
      clock.set(new Date(startedAt.getTime() + 60 * 60_000));
      expect((await resend(driverId, admin)).statusCode).toBe(200);
      await world.t.app.background.idle();
      expect(textsTo(phone)).toHaveLength(5);
    } finally {
      clock.set(startedAt);
    }
  });
});
