import { describe, expect, it } from 'vitest';
import { loginBodySchema } from '@fleetfuel/contract';
import { checkSignIn, type SignInValues } from './sign-in-checks';

/** What the contract schema says of the same values, in `checkSignIn`'s terms. */
function schemaOutcome(values: SignInValues) {
  const result = loginBodySchema.safeParse(values);
  if (result.success) return { errors: {}, body: result.data };
  const errors = Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  return { errors, body: null };
}

describe('checkSignIn', () => {
  const cases: Array<[string, SignInValues]> = [
    ['both empty', { username: '', password: '' }],
    ['a blank user name', { username: '   ', password: 'secret' }],
    ['an empty password', { username: 'ada@acme.test', password: '' }],
    ['a user name to trim', { username: '  ada@acme.test ', password: ' spaced password ' }],
    ['the longest user name', { username: 'a'.repeat(254), password: 'p'.repeat(1024) }],
    ['a user name too long', { username: 'a'.repeat(255), password: 'secret' }],
    ['a password too long', { username: 'ada', password: 'p'.repeat(1025) }],
  ];

  it.each(cases)('gives what the contract schema gives for %s', (_label, values) => {
    expect(checkSignIn(values)).toEqual(schemaOutcome(values));
  });

  it('says the spec message for a missing field', () => {
    expect(checkSignIn({ username: ' ', password: 'x' })).toEqual({ errors: { username: 'This field is required' }, body: null });
  });
});
