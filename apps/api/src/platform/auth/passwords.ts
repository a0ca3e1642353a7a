/** Password hashing (argon2id, 19 MiB, t=2, p=1) and the password rules of the domain. */
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../errors.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

/** `Algorithm.Argon2id`: the package ships it as a const enum, which isolated modules cannot import. */
const ARGON2ID = 2;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * Stored instead of a hash while an account's owner has not chosen a password yet (a driver
 * imported without one, who is invited to set it): not an argon2 encoding, so nothing matches it.
 */
export const NO_PASSWORD_YET = '!invited';

/** Stored instead of a hash once a person's data is erased (issue 45): nothing matches it, ever. */
export const ERASED_ACCOUNT_PASSWORD = '!erased';

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // As slow as a wrong password, so that sign-in does not tell an invited account apart.
  if (passwordHash === NO_PASSWORD_YET || passwordHash === ERASED_ACCOUNT_PASSWORD) return verifyAgainstDecoy(password);
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a password nobody has, verified when the account does not exist so that an unknown
 * username costs as much time as a wrong password.
 */
let decoyHash: Promise<string> | null = null;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy-password-for-timing-only');
  await verifyPassword(await decoyHash, password);
  return false;
}

/** Length is checked by the contract's schema; this adds the rule that needs the server's list. */
export function assertPasswordAllowed(password: string, field = 'password'): void {
  const normalized = password.toLowerCase();
  if (COMMON_PASSWORDS.has(normalized)) {
    throw new AppError('VALIDATION_FAILED', 'This password is too common. Choose a less guessable one.', { field });
  }
}
