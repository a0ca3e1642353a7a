/** A password made only of spaces (or other whitespace) is refused wherever a password is set. */
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../test/harness.js';
import { useTestApp } from '../../../test/test-world.js';

const world = useTestApp();

const BLANK = ['          ', '\t\t\t\t\t\t\t\t\t', ' \n \n \n \n \n '];
const REFUSAL = 'password: The password cannot be only spaces';

describe('whitespace-only passwords', () => {
  it.each(BLANK)('are refused with 400 by registration, account creation, password change and reset (%j)', async (blank) => {
    const admin = await world.t.login('orgadmin@acme.test');

    const register = await world.t.call('POST', '/api/auth/register', {
      token: admin,
      body: { name: 'Blank Pass', email: `blank${blank.length}@acme.test`, password: blank, role: 'DRIVER' },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'password', error: REFUSAL });

    const create = await world.t.call('POST', '/api/admin/users', {
      token: admin,
      body: { name: 'Blank Pass', email: `blank-user${blank.length}@acme.test`, password: blank, role: 'DRIVER' },
    });
    expect(create.statusCode).toBe(400);
    expect(create.json()).toMatchObject({ field: 'password', error: REFUSAL });

    const driver = await world.t.login('driver@acme.test');
    const change = await world.t.call('PUT', '/api/account/password', {
      token: driver,
      body: { currentPassword: DEMO_PASSWORD, newPassword: blank },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toMatchObject({ field: 'newPassword', error: 'newPassword: The password cannot be only spaces' });

    const reset = await world.t.call('POST', '/api/auth/reset-password', { body: { token: 'any-token-at-all', password: blank } });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({ field: 'password', error: REFUSAL });
  });

  it('still accepts a password with spaces inside it', async () => {
    const admin = await world.t.login('orgadmin@acme.test');
    const res = await world.t.call('POST', '/api/admin/users', {
      token: admin,
      body: { name: 'Spaced Pass', email: 'spaced@acme.test', password: '  open sesame 2026  ', role: 'DRIVER' },
    });
    expect(res.statusCode).toBe(200);
    expect(await world.t.login('spaced@acme.test', '  open sesame 2026  ')).toBeTruthy();
  });
});
