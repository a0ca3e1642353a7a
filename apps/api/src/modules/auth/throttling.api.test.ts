/**
 * Sign-in and password-reset throttling: failures count per account (whichever identifier was
 * typed) and per address, a run of failures earns a short delay that doubles up to a cap instead of
 * a lock, and reset e-mails are capped per account and per address without changing the reply.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, movableClock, type TestApp } from '../../../test/harness.js';
import { RESET_REQUESTED_MESSAGE } from './auth.service.js';

const START = new Date('2026-03-02T09:00:00Z');
const later = (seconds: number) => new Date(START.getTime() + seconds * 1000);

async function withApp(
  overrides: Parameters<typeof createTestApp>[0],
  run: (t: TestApp, clock: ReturnType<typeof movableClock>) => Promise<void>,
) {
  const clock = movableClock(START);
  const t = await createTestApp({ trustProxy: true, ...overrides }, { clock });
  try {
    await run(t, clock);
  } finally {
    await t.close();
  }
}

const signIn = (t: TestApp, username: string, password: string, address = '10.0.0.1') =>
  t.call('POST', '/api/auth/login', { body: { username, password }, headers: { 'x-forwarded-for': address } });

describe('sign-in throttling per account', () => {
  it('counts the failures of an account whichever of its identifiers was typed', async () => {
    await withApp({ signIn: { maxFailuresPerAccount: 3, maxFailuresPerAddress: 1000 } }, async (t) => {
      // orgadmin@acme.test is also +2348030000002; each guess comes from a different address.
      expect((await signIn(t, 'orgadmin@acme.test', 'wrong-password-1', '10.0.1.1')).statusCode).toBe(401);
      expect((await signIn(t, '08030000002', 'wrong-password-2', '10.0.1.2')).statusCode).toBe(401);
      expect((await signIn(t, 'OrgAdmin@Acme.test', 'wrong-password-3', '10.0.1.3')).statusCode).toBe(401);
      const viaPhone = await signIn(t, '+234 803 000 0002', 'wrong-password-4', '10.0.1.4');
      expect(viaPhone.statusCode).toBe(429);
      expect(viaPhone.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect((await signIn(t, '2348030000002', DEMO_PASSWORD, '10.0.1.5')).statusCode).toBe(429);

      // Another account is not held up by this one.
      expect((await signIn(t, 'asst@acme.test', DEMO_PASSWORD, '10.0.1.1')).statusCode).toBe(200);
    });
  });

  it('throttles guesses at an account that does not exist under the identifier itself', async () => {
    await withApp({ signIn: { maxFailuresPerAccount: 3, maxFailuresPerAddress: 1000 } }, async (t) => {
      for (let i = 0; i < 3; i += 1) {
        expect((await signIn(t, 'nobody@acme.test', `guess-${i}-guess`, `10.0.2.${i}`)).statusCode).toBe(401);
      }
      const blocked = await signIn(t, 'nobody@acme.test', 'guess-4-guess', '10.0.2.9');
      expect(blocked.statusCode).toBe(429);
      // A refusal says no more about the account than a wrong password does.
      const known = await withKnownAccountBlocked(t);
      expect(blocked.json()).toEqual(known);
    });
  });
});

/** The refusal a known account gets after the same three failures. */
async function withKnownAccountBlocked(t: TestApp) {
  for (let i = 0; i < 3; i += 1) await signIn(t, 'driver@beta.test', `guess-${i}-guess`, `10.0.3.${i}`);
  const res = await signIn(t, 'driver@beta.test', 'guess-4-guess', '10.0.3.9');
  expect(res.statusCode).toBe(429);
  return res.json();
}

/** Seconds to wait, read from the refusal's words. */
function waitOf(error: string): number {
  const match = /Try again in (\d+) (second|minute)s?\./.exec(error);
  if (!match) throw new Error(`no delay in "${error}"`);
  return Number(match[1]) * (match[2] === 'minute' ? 60 : 1);
}

describe('sign-in delay instead of a lock', () => {
  it('refuses for a delay that doubles with each further failure, then lets the right password in', async () => {
    await withApp({ signIn: { maxFailuresPerAccount: 3, maxFailuresPerAddress: 1000 } }, async (t, clock) => {
      const username = 'driver2@acme.test';
      for (let i = 0; i < 3; i += 1) expect((await signIn(t, username, `wrong-${i}-password`)).statusCode).toBe(401);

      const blocked = await signIn(t, username, DEMO_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED', error: 'Too many failed sign-in attempts. Try again in 1 second.' });
      expect(blocked.headers['retry-after']).toBe('1');

      clock.set(later(1));
      expect((await signIn(t, username, 'wrong-4-password')).statusCode).toBe(401);
      const twice = await signIn(t, username, DEMO_PASSWORD);
      expect(twice.json().error).toBe('Too many failed sign-in attempts. Try again in 2 seconds.');
      expect(twice.headers['retry-after']).toBe('2');

      clock.set(later(3));
      expect((await signIn(t, username, 'wrong-5-password')).statusCode).toBe(401);
      clock.set(later(6));
      expect((await signIn(t, username, DEMO_PASSWORD)).json().error).toBe('Too many failed sign-in attempts. Try again in 1 second.');

      // The delay has passed: the right password works and clears the account's failures.
      clock.set(later(7));
      expect((await signIn(t, username, DEMO_PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < 2; i += 1) expect((await signIn(t, username, `wrong-${i}-again`)).statusCode).toBe(401);
      expect((await signIn(t, username, DEMO_PASSWORD)).statusCode).toBe(200);
    });
  });

  it('caps the delay at SIGN_IN_MAX_DELAY_SECONDS, so nobody can lock an account out for long', async () => {
    await withApp({ signIn: { maxFailuresPerAccount: 3, maxFailuresPerAddress: 1000, maxDelaySeconds: 300 } }, async (t, clock) => {
      const username = 'attendant@unityfuels.test';
      let now = 0;
      for (let i = 0; i < 15; i += 1) {
        // Each guess waits just long enough to be let in: the longest possible run of failures.
        let res = await signIn(t, username, `wrong-${i}-password`);
        if (res.statusCode === 429) {
          now += waitOf(res.json().error);
          clock.set(later(now));
          res = await signIn(t, username, `wrong-${i}-password`);
        }
        expect(res.statusCode).toBe(401);
      }
      const blocked = await signIn(t, username, DEMO_PASSWORD);
      expect(blocked.json().error).toBe('Too many failed sign-in attempts. Try again in 5 minutes.');
      clock.set(later(now + 299));
      expect((await signIn(t, username, DEMO_PASSWORD)).statusCode).toBe(429);
      clock.set(later(now + 300));
      expect((await signIn(t, username, DEMO_PASSWORD)).statusCode).toBe(200);
    });
  });

  it('forgets failures after SIGN_IN_WINDOW_MINUTES without any', async () => {
    await withApp({ signIn: { maxFailuresPerAccount: 3, maxFailuresPerAddress: 1000, windowMinutes: 15 } }, async (t, clock) => {
      const username = 'rep@greenline.test';
      for (let i = 0; i < 2; i += 1) expect((await signIn(t, username, `wrong-${i}-password`)).statusCode).toBe(401);
      clock.set(later(15 * 60 + 1));
      // Had the two failures still counted, this third one would bring a delay.
      expect((await signIn(t, username, 'wrong-2-password')).statusCode).toBe(401);
      expect((await signIn(t, username, DEMO_PASSWORD)).statusCode).toBe(200);
    });
  });
});

describe('sign-in throttling per address', () => {
  it('delays an address that fails across many accounts; other addresses and their accounts go on', async () => {
    await withApp({ signIn: { maxFailuresPerAccount: 100, maxFailuresPerAddress: 4 } }, async (t, clock) => {
      for (let i = 0; i < 4; i += 1) expect((await signIn(t, `probe${i}@acme.test`, 'guess-guess', '10.0.9.9')).statusCode).toBe(401);
      const blocked = await signIn(t, 'admin@fleetfuel.test', DEMO_PASSWORD, '10.0.9.9');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toBe('Too many failed sign-in attempts. Try again in 1 second.');
      expect((await signIn(t, 'admin@fleetfuel.test', DEMO_PASSWORD, '10.0.9.10')).statusCode).toBe(200);
      clock.set(later(1));
      expect((await signIn(t, 'admin@fleetfuel.test', DEMO_PASSWORD, '10.0.9.9')).statusCode).toBe(200);
    });
  });

  it('does not count successful sign-ins from a shared address', async () => {
    await withApp({ signIn: { maxFailuresPerAccount: 100, maxFailuresPerAddress: 3 } }, async (t) => {
      for (let i = 0; i < 6; i += 1) expect((await signIn(t, 'driver@acme.test', DEMO_PASSWORD, '10.0.8.8')).statusCode).toBe(200);
      expect((await signIn(t, 'driver@acme.test', 'wrong-password', '10.0.8.8')).statusCode).toBe(401);
      expect((await signIn(t, 'asst@acme.test', DEMO_PASSWORD, '10.0.8.8')).statusCode).toBe(200);
    });
  });
});

describe('password reset throttling', () => {
  const requestReset = (t: TestApp, email: string, address = '10.0.5.1') =>
    t.call('POST', '/api/auth/request-password-reset', { body: { email }, headers: { 'x-forwarded-for': address } });
  const mailsTo = (t: TestApp, email: string) => t.outbox().filter((m) => m.to === email).length;

  it('sends at most 3 e-mails per account per hour, with the same reply every time', async () => {
    await withApp({}, async (t, clock) => {
      for (let i = 0; i < 20; i += 1) {
        const res = await requestReset(t, 'orgadmin@beta.test', `10.0.6.${i}`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
      }
      await t.app.background.idle();
      expect(mailsTo(t, 'orgadmin@beta.test')).toBe(3);

      clock.set(later(60 * 60 + 1));
      await requestReset(t, 'orgadmin@beta.test');
      await t.app.background.idle();
      expect(mailsTo(t, 'orgadmin@beta.test')).toBe(4);
    });
  });

  it('stops mailing from an address past its hourly limit, with the same reply', async () => {
    await withApp({ passwordReset: { maxPerAccountPerHour: 3, maxPerAddressPerHour: 4 } }, async (t) => {
      const accounts = [
        'orgadmin@acme.test',
        'asst@acme.test',
        'driver@acme.test',
        'ghost@acme.test',
        'driver2@acme.test',
        'orgadmin@beta.test',
      ];
      for (const email of accounts) {
        const res = await requestReset(t, email, '10.0.7.7');
        expect(res.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
      }
      await t.app.background.idle();
      expect(accounts.map((email) => mailsTo(t, email))).toEqual([1, 1, 1, 0, 0, 0]);

      await requestReset(t, 'driver2@acme.test', '10.0.7.8');
      await t.app.background.idle();
      expect(mailsTo(t, 'driver2@acme.test')).toBe(1);
    });
  });
});
