/**
 * Invitations to choose a password (issue 14), for accounts made without one (drivers imported
 * with a blank Password): a single-use token of the password reset, valid for 7 days instead of
 * an hour, and a link to the reset page, by e-mail when the account has an address, otherwise by
 * SMS. The tokens are written in the caller's transaction; the messages go after the reply.
 */
import type { BackgroundTasks } from '../../platform/background.js';
import type { Clock } from '../../platform/clock.js';
import { batchesOf } from '../../platform/csv-import.js';
import { newOpaqueToken } from '../../platform/auth/tokens.js';
import type { Database } from '../../platform/db/database.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { SmsProvider } from '../../platform/sms/sms.js';
import { firstFittingText, invitationMail, invitationTexts, languageOf } from '../notifications/index.js';
import { invitationChannel, type IssuedInvitation, type PasswordInvitations } from '../users/index.js';
import { AppError } from '../../platform/errors.js';
import { resetPageLink } from './auth.service.js';
import * as repository from './auth.repository.js';
import { countRequest, waitInWords } from './throttle.js';

const INVITATION_VALID_DAYS = 7;
/** Invitations sent again to one account within an hour; the next waits for the hour to pass. */
const INVITATION_RESENDS_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;
/** Tokens a statement inserts: three parameters a row keeps 10,000 rows to a few statements. */
const TOKENS_PER_STATEMENT = 2_000;
/** Messages in flight at once: a whole import's at once would flood the mail server or the SMS gateway. */
const SENDING_AT_ONCE = 8;

export function createPasswordInvitations(deps: {
  db: Database;
  mailer: Mailer;
  sms: SmsProvider;
  background: BackgroundTasks;
  clock: Clock;
  appUrl: string;
}): PasswordInvitations {
  /** Worded when it is sent, in the invitee's language (a text folded when the organization chose ASCII texts). */
  async function deliver(invitation: IssuedInvitation): Promise<void> {
    const link = resetPageLink(deps.appUrl, invitation.token);
    const { language, asciiTexts } = await repository.recipientWording(deps.db, invitation.userId);
    const wording = { link, again: invitation.again === true, days: INVITATION_VALID_DAYS };
    if (invitationChannel(invitation) === 'email' && invitation.email) {
      await deps.mailer.send({ to: invitation.email, ...invitationMail(languageOf(language), { ...wording, name: invitation.name }) });
    } else if (invitation.phone) {
      await deps.sms.send({ to: invitation.phone, text: firstFittingText(invitationTexts(languageOf(language), wording), asciiTexts) });
    } else {
      throw new Error(`Account ${invitation.userId} has neither an e-mail address nor a phone number`);
    }
  }

  const issue: PasswordInvitations['issue'] = async (trx, invitees) => {
    const expiresAt = new Date(deps.clock.now().getTime() + INVITATION_VALID_DAYS * 24 * 60 * 60_000);
    const issued = invitees.map((invitee) => ({ invitee, ...newOpaqueToken() }));
    for (const batch of batchesOf(issued, TOKENS_PER_STATEMENT)) {
      await repository.insertResetTokens(
        trx,
        batch.map(({ invitee, hash }) => ({ userId: invitee.userId, tokenHash: hash, expiresAt })),
      );
    }
    return issued.map(({ invitee, token }) => ({ ...invitee, token }));
  };

  return {
    issue,

    async reissue(trx, invitee) {
      // Counted in the database, so that every API instance sees the same count; a refusal rolls
      // back with the caller's transaction, so it does not count against the next hour.
      const now = deps.clock.now();
      const key = `invitation-resend:account:${invitee.userId}`;
      const quota = countRequest((await repository.lockThrottles(trx, [key], now)).get(key), now, {
        limit: INVITATION_RESENDS_PER_HOUR,
        windowMs: HOUR_MS,
      });
      if (!quota.allowed) {
        const waitMs = quota.next.firstHitAt.getTime() + HOUR_MS - now.getTime();
        throw new AppError(
          'RATE_LIMITED',
          `${invitee.name} was sent ${INVITATION_RESENDS_PER_HOUR} invitations within the hour. Try again in ${waitInWords(waitMs)}.`,
          { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) },
        );
      }
      await repository.saveThrottle(trx, key, quota.next);
      await repository.retireResetTokensOfUser(trx, invitee.userId);
      const [invitation] = await issue(trx, [invitee]);
      if (!invitation) throw new Error(`No invitation was issued to account ${invitee.userId}`);
      return { ...invitation, again: true };
    },

    send(invitations) {
      if (invitations.length === 0) return;
      deps.background.run('password invitations', async () => {
        // One message that cannot go does not hold back the others; the failures are logged together.
        const failures: string[] = [];
        for (const group of batchesOf(invitations, SENDING_AT_ONCE)) {
          const results = await Promise.allSettled(group.map(deliver));
          results.forEach((result, index) => {
            if (result.status === 'rejected') failures.push(`${group[index]?.userId}: ${String(result.reason)}`);
          });
        }
        if (failures.length > 0) {
          throw new Error(`${failures.length} of ${invitations.length} invitations were not sent: ${failures.slice(0, 5).join('; ')}`);
        }
      });
    },
  };
}
