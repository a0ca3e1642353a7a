import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, DEMO_PASSWORD, eventually, movableClock } from '../../../test/harness.js';
import { useTestApp } from '../../../test/test-world.js';
import { INVALID_RESET_TOKEN_MESSAGE, RESET_REQUESTED_MESSAGE } from './auth.service.js';

// A clock that stands still, so that a sign-in delay of a second cannot run out between two calls.
const clock = movableClock();
const world = useTestApp({
  config: { signIn: { maxFailuresPerAccount: 3, maxFailuresPerAddress: 1000, windowMinutes: 15 } },
  deps: { clock },
});

const DEMO_ROLES = [
  ['admin@fleetfuel.test', 'ADMIN', null, null],
  ['orgadmin@acme.test', 'ADMINISTRATOR', 'Acme Logistics', null],
  ['asst@acme.test', 'ASST_ADMINISTRATOR', 'Acme Logistics', null],
  ['driver@acme.test', 'DRIVER', 'Acme Logistics', null],
  ['rep@unityfuels.test', 'STATION_REP', null, 'Unity Fuels Ikeja'],
  ['attendant@unityfuels.test', 'ATTENDANT', null, 'Unity Fuels Ikeja'],
] as const;

describe('POST /auth/login', () => {
  it.each(DEMO_ROLES)('signs in %s as %s with its tenant', async (email, role, organization, station) => {
    const res = await world.t.call('POST', '/api/auth/login', { body: { username: email, password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).toMatchObject({ email, role, status: 'ACTIVE' });
    expect(user.organization?.name ?? null).toBe(organization);
    expect(user.fuelStation?.name ?? null).toBe(station);
    expect(user.firstName).toBe(user.name.split(' ')[0]);
    expect(JSON.stringify(user)).not.toMatch(/password|hash/i);
  });

  it('accepts a phone number in any Nigerian format and an e-mail in any case', async () => {
    for (const username of ['08030000002', '+234 803 000 0002', '2348030000002', 'OrgAdmin@Acme.TEST']) {
      const res = await world.t.call('POST', '/api/auth/login', { body: { username, password: DEMO_PASSWORD } });
      expect(res.statusCode, username).toBe(200);
      expect(res.json().user.email).toBe('orgadmin@acme.test');
    }
  });

  it('answers a wrong password and an unknown account with the same 401', async () => {
    const wrong = await world.t.call('POST', '/api/auth/login', { body: { username: 'asst@acme.test', password: 'not-the-password' } });
    const unknown = await world.t.call('POST', '/api/auth/login', { body: { username: 'nobody@acme.test', password: 'whatever-it-is' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', error: 'Invalid email/phone number or password' });
  });

  it('names the missing field, refuses unknown keys and bad JSON with 400, never 500', async () => {
    const missing = await world.t.call('POST', '/api/auth/login', { body: { username: 'admin@fleetfuel.test' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'password', error: 'password: This field is required' });

    const extra = await world.t.call('POST', '/api/auth/login', {
      body: { username: 'admin@fleetfuel.test', password: DEMO_PASSWORD, role: 'ADMIN' },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'role', error: 'Unknown field: role' });

    const badJson = await world.t.call('POST', '/api/auth/login', {
      body: '{"username": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ code: 'BAD_REQUEST', error: 'The request body is not valid JSON' });
  });

  it('holds an account up after repeated failures, even with the right password, with 429', async () => {
    const username = 'driver2@acme.test';
    for (let i = 0; i < 3; i += 1) {
      const res = await world.t.call('POST', '/api/auth/login', { body: { username, password: `wrong-${i}-password` } });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await world.t.call('POST', '/api/auth/login', { body: { username, password: DEMO_PASSWORD } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(blocked.json().error).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ seconds?\.$/);

    // Another account from the same address is not affected by this account's delay (one whose password no test here changes).
    const other = await world.t.call('POST', '/api/auth/login', { body: { username: 'rep@greenline.test', password: DEMO_PASSWORD } });
    expect(other.statusCode).toBe(200);
    // How the delay grows and ends (with a movable clock): throttling.api.test.ts.
  });
});

describe('rate limit per address', () => {
  it('holds up an address that fails across many accounts', async () => {
    const local = await createTestApp(
      { signIn: { maxFailuresPerAccount: 100, maxFailuresPerAddress: 4, windowMinutes: 15 } },
      { clock: movableClock() },
    );
    try {
      for (let i = 0; i < 4; i += 1) {
        const res = await local.call('POST', '/api/auth/login', { body: { username: `probe${i}@acme.test`, password: 'guess-guess' } });
        expect(res.statusCode).toBe(401);
      }
      const res = await local.call('POST', '/api/auth/login', { body: { username: 'admin@fleetfuel.test', password: DEMO_PASSWORD } });
      expect(res.statusCode).toBe(429);
    } finally {
      await local.close();
    }
  });
});

describe('sessions and tokens', () => {
  it('GET /auth/me returns the signed-in user; no token is 401; a bad token is exactly "Invalid token"', async () => {
    const token = await world.t.login('orgadmin@acme.test');
    const me = await world.t.call('GET', '/api/auth/me', { token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'orgadmin@acme.test', role: 'ADMINISTRATOR', organization: { name: 'Acme Logistics' } });

    const none = await world.t.call('GET', '/api/auth/me');
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHENTICATED');

    for (const bad of ['nonsense', `${token}x`, '']) {
      const res = await world.t.call('GET', '/api/auth/me', { headers: { authorization: `Bearer ${bad}` } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'Invalid token', code: 'INVALID_TOKEN' });
    }
  });

  it('records a session per sign-in with user agent and address', async () => {
    await world.t.call('POST', '/api/auth/login', {
      body: { username: 'asst@acme.test', password: DEMO_PASSWORD },
      headers: { 'user-agent': 'FleetFuel-Test/1.0' },
    });
    const session = await world.t.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.user_agent', 's.ip_address', 's.expires_at', 's.created_at'])
      .where('u.email', '=', 'asst@acme.test')
      .orderBy('s.created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.user_agent).toBe('FleetFuel-Test/1.0');
    expect(session.ip_address).toBe('127.0.0.1');
    expect(session.expires_at.getTime()).toBeGreaterThan(session.created_at.getTime());
  });

  it('logout kills the token and only that session', async () => {
    const first = await world.t.login('asst@acme.test');
    const second = await world.t.login('asst@acme.test');
    const out = await world.t.call('POST', '/api/auth/logout', { token: first });
    expect(out.statusCode).toBe(200);
    expect((await world.t.call('GET', '/api/auth/me', { token: first })).json().error).toBe('Invalid token');
    expect((await world.t.call('GET', '/api/auth/me', { token: second })).statusCode).toBe(200);
  });

  it('an expired session answers Invalid token', async () => {
    const token = await world.t.login('rep@greenline.test');
    await sql`UPDATE sessions SET expires_at = now() - interval '1 second'
      WHERE user_id = (SELECT id FROM users WHERE email = 'rep@greenline.test')`.execute(world.t.db);
    const res = await world.t.call('GET', '/api/auth/me', { token });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Invalid token');
  });
});

describe('password reset', () => {
  const resetLink = (text: string) => /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  /** The mail sent to `email` since the outbox held `before` mails, once it has arrived. */
  const mailSince = (before: number, email: string) =>
    eventually(() =>
      world.t
        .outbox()
        .slice(before)
        .find((m) => m.to === email),
    );
  /** Asks for a reset of `email`'s password: the mail it sends. */
  const requestReset = async (email: string) => {
    const before = world.t.outbox().length;
    await world.t.call('POST', '/api/auth/request-password-reset', { body: { email } });
    return mailSince(before, email);
  };

  it('answers the same for known and unknown addresses and mails only the known one', async () => {
    const before = world.t.outbox().length;
    const known = await world.t.call('POST', '/api/auth/request-password-reset', { body: { email: 'orgadmin@beta.test' } });
    const unknown = await world.t.call('POST', '/api/auth/request-password-reset', { body: { email: 'ghost@beta.test' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    expect(unknown.json()).toEqual(known.json());
    const mail = await mailSince(before, 'orgadmin@beta.test');
    expect(mail.subject).toBe('Reset your FleetFuel password');
    expect(mail.text).toContain('http://app.test/reset-password?token=');
    expect(
      world.t
        .outbox()
        .slice(before)
        .some((m) => m.to === 'ghost@beta.test'),
    ).toBe(false);
  });

  it('validates the e-mail', async () => {
    const res = await world.t.call('POST', '/api/auth/request-password-reset', { body: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'email', error: 'email: Must be a valid email' });
  });

  it('resets once with a single-use token, ends every session, and the new password signs in', async () => {
    const email = 'driver@beta.test';
    const oldToken = await world.t.login(email);
    const mail = await requestReset(email);
    const resetToken = resetLink(mail.text);
    expect(resetToken).toBeDefined();

    const stored = await world.t.db.selectFrom('password_reset_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(resetToken);

    const common = await world.t.call('POST', '/api/auth/reset-password', { body: { token: resetToken, password: 'password123' } });
    expect(common.statusCode).toBe(400);
    expect(common.json().error).toMatch(/too common/);
    const short = await world.t.call('POST', '/api/auth/reset-password', { body: { token: resetToken, password: 'Ab1!' } });
    expect(short.json()).toMatchObject({ field: 'password', error: 'password: Must be at least 8 characters' });

    const done = await world.t.call('POST', '/api/auth/reset-password', { body: { token: resetToken, password: 'New-Beta-Pass-77' } });
    expect(done.statusCode).toBe(200);
    expect((await world.t.call('GET', '/api/auth/me', { token: oldToken })).json().error).toBe('Invalid token');
    expect(await world.t.login(email, 'New-Beta-Pass-77')).toBeTruthy();
    const oldPassword = await world.t.call('POST', '/api/auth/login', { body: { username: email, password: DEMO_PASSWORD } });
    expect(oldPassword.statusCode).toBe(401);

    const again = await world.t.call('POST', '/api/auth/reset-password', { body: { token: resetToken, password: 'Another-Pass-88' } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: INVALID_RESET_TOKEN_MESSAGE, field: 'token' });
  });

  it('refuses a token after its hour', async () => {
    const email = 'rep@unityfuels.test';
    const mail = await requestReset(email);
    const requestedAt = clock.now();
    clock.set(new Date(requestedAt.getTime() + 61 * 60_000));
    try {
      const res = await world.t.call('POST', '/api/auth/reset-password', {
        body: { token: resetLink(mail.text), password: 'Fresh-Station-42' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(INVALID_RESET_TOKEN_MESSAGE);
    } finally {
      clock.set(requestedAt);
    }
  });
});

describe('POST /auth/register', () => {
  /** An account of `role` that `token`'s holder asks to create. */
  const registerWith = (token: string, name: string, email: string, role: string) =>
    world.t.call('POST', '/api/auth/register', { token, body: { name, email, password: 'Drive-Safe-2026', role } });

  it('with a token creates an account within the caller’s rights and issues no token for it', async () => {
    const token = await world.t.login('orgadmin@acme.test');
    const res = await registerWith(token, 'Ifeanyi Okeke', 'ifeanyi@acme.test', 'DRIVER');
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeNull();
    expect(res.json().user).toMatchObject({ role: 'DRIVER', organization: { name: 'Acme Logistics' } });

    const above = await registerWith(token, 'Boss', 'boss@acme.test', 'ADMIN');
    expect(above.statusCode).toBe(403);
  });

  it('a driver cannot create accounts', async () => {
    const res = await registerWith(await world.t.login('driver@acme.test'), 'Friend', 'friend@acme.test', 'DRIVER');
    expect(res.statusCode).toBe(403);
  });

  it('without a token is refused while self-service sign-up is off (the default)', async () => {
    const res = await world.t.call('POST', '/api/auth/register', {
      body: {
        name: 'New Co Admin',
        email: 'admin@newco.test',
        password: 'Start-Up-2026',
        organizationName: 'NewCo',
        organizationType: 'other',
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/sign-up is not enabled/);
  });

  it('when enabled, signs up an organization on the default plan with its administrator', async () => {
    const local = await createTestApp({ signupEnabled: true });
    try {
      const res = await local.call('POST', '/api/auth/register', {
        body: {
          name: 'Grace Ade',
          email: 'grace@newco.test',
          phone: '0812 345 6789',
          password: 'Start-Up-2026',
          organizationName: 'NewCo Transport',
          organizationType: 'transport_logistics_company',
        },
      });
      expect(res.statusCode).toBe(200);
      const { token, user } = res.json();
      expect(user).toMatchObject({ role: 'ADMINISTRATOR', phone: '+2348123456789', organization: { name: 'NewCo Transport' } });
      const me = await local.call('GET', '/api/auth/me', { token });
      expect(me.json().email).toBe('grace@newco.test');
      const org = await local.db
        .selectFrom('organizations as o')
        .innerJoin('subscription_plans as p', 'p.id', 'o.subscription_plan_id')
        .select(['p.name', 'o.next_billing'])
        .where('o.name', '=', 'NewCo Transport')
        .executeTakeFirstOrThrow();
      expect(org.name).toBe('Starter');
      expect(org.next_billing).not.toBeNull();

      const duplicate = await local.call('POST', '/api/auth/register', {
        body: {
          name: 'Other',
          email: 'other@newco.test',
          password: 'Start-Up-2026',
          organizationName: 'newco transport',
          organizationType: 'other',
        },
      });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().field).toBe('organizationName');
    } finally {
      await local.close();
    }
  });
});
