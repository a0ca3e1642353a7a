/** The start's warning about the demo's published password, on a seeded database. */
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../platform/auth/passwords.js';
import { useTestApp } from '../../test/test-world.js';
import { demoAccountsWithPublishedPassword, publishedPasswordWarning } from './demo-passwords.js';
import { DEMO_SIGN_INS } from './seed.js';

const world = useTestApp({});

describe('demo accounts the published password opens', () => {
  it('are every demo sign-in on a seeded database, until their passwords change', async () => {
    const all = DEMO_SIGN_INS.map((demo) => demo.email).sort();
    expect(await demoAccountsWithPublishedPassword(world.t.db)).toEqual(all);

    await world.t.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('a-new-and-private-passphrase') })
      .where('email', '=', 'admin@fleetfuel.test')
      .execute();
    expect(await demoAccountsWithPublishedPassword(world.t.db)).toEqual(all.filter((email) => email !== 'admin@fleetfuel.test'));
  });

  it('are named in one loud warning, and none is no warning', () => {
    expect(publishedPasswordWarning([])).toBeNull();
    expect(publishedPasswordWarning(['admin@fleetfuel.test'])).toBe(
      '1 demo account in this production database still signs in with the published demo password (Demo-Pass-2026): admin@fleetfuel.test. Change their passwords or remove them now: anyone who has read the README can sign in.',
    );
    expect(publishedPasswordWarning(['a@x.test', 'b@x.test'])).toMatch(/^2 demo accounts in this production database still sign in with/);
  });
});
