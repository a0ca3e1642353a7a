/**
 * The demo data's sign-ins and password are published (README, the start banner). A production
 * database that was ever seeded with them, or restored from one that was, lets anyone in until
 * each demo account's password is changed or the account removed: the server says so at every start.
 */
import type { Database } from '../platform/db/database.js';
import { verifyPassword } from '../platform/auth/passwords.js';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from './seed.js';

/** The demo accounts here that the published demo password still opens. */
export async function demoAccountsWithPublishedPassword(db: Database): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where(
      'email',
      'in',
      DEMO_SIGN_INS.map((demo) => demo.email),
    )
    .orderBy('email')
    .execute();
  const open: string[] = [];
  for (const row of rows) if (row.email && (await verifyPassword(row.password_hash, DEMO_PASSWORD))) open.push(row.email);
  return open;
}

/** The start's warning, or none: loud, because these accounts include the platform admin. */
export function publishedPasswordWarning(emails: readonly string[]): string | null {
  if (emails.length === 0) return null;
  return [
    `${emails.length} demo account${emails.length === 1 ? '' : 's'} in this production database still sign${emails.length === 1 ? 's' : ''} in with the published demo password (${DEMO_PASSWORD}):`,
    `${emails.join(', ')}.`,
    'Change their passwords or remove them now: anyone who has read the README can sign in.',
  ].join(' ');
}
