/**
 * What the users module needs to invite someone whose account it made without a password (a
 * driver imported with a blank Password) to choose one. The tokens are the auth module's (its
 * password reset), and auth sits below users, so app.ts hands the auth module's implementation in.
 */
import type { InvitationChannel } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';

/** An account made without a password, with the contacts its invitation can go to. */
interface Invitee {
  userId: string;
  name: string;
  email: string | null;
  phone: string | null;
}

/** An invitee with its token, in clear: only the token's hash is stored. */
export interface IssuedInvitation extends Invitee {
  token: string;
  /** A new link for an invitation that was lost or expired (`reissue`), worded as such. */
  again?: boolean;
}

export interface PasswordInvitations {
  /** Writes the invitees' single-use tokens in the caller's transaction, in a few multi-row statements. */
  issue(trx: Database, invitees: readonly Invitee[]): Promise<IssuedInvitation[]>;
  /**
   * Issues the invitee a fresh token in the caller's transaction and retires its unused ones, so
   * that only the newest link (of a lost or expired invitation sent again) chooses the password.
   * Refused with RATE_LIMITED past a few an hour for one account: each one is a message to the
   * driver's inbox or phone, and an SMS costs money.
   */
  reissue(trx: Database, invitee: Invitee): Promise<IssuedInvitation>;
  /**
   * Sends the invitations after the reply: call it once the transaction that issued them has
   * committed, so that no message carries a token that was rolled back.
   */
  send(invitations: readonly IssuedInvitation[]): void;
}

/** E-mail when the account has an address, otherwise SMS (every driver has one or the other). */
export function invitationChannel(contacts: { email: string | null }): InvitationChannel {
  return contacts.email ? 'email' : 'sms';
}
