/**
 * Sends the outbox's due e-mails and texts (outgoing_messages). Any number of instances may run it
 * at once: a claim leases different rows to each (`FOR UPDATE SKIP LOCKED`, the lease moves their
 * next attempt forward), the sends happen with no transaction open, and the outcome is recorded
 * after. A refused send is tried again with backoff up to `MESSAGE_MAX_ATTEMPTS`; a crash between a
 * send and its record only means the lease runs out and the message goes again (at least once).
 * A transaction may also write its messages already leased to its own process, which sends them
 * after the commit without a claim (`sendLeased`); if it stops first, they are due at the lease's end.
 * Each message is worded as it is sent, in its recipient's language (`message-wording.ts`).
 */
import type { BackgroundTasks } from '../../platform/background.js';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { retryDelayMs } from '../../platform/jobs/backoff.js';
import type { Logger } from '../../platform/logging.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { nigerianMobile, type SmsProvider } from '../../platform/sms/sms.js';
import { UnwordableMessage, wordMessage, type WordedMessage } from './message-wording.js';
import * as outbox from './outbox.repository.js';
import type { ClaimedMessage, LeasedMessage } from './outbox.repository.js';
import { framedMail } from './templates/catalog.js';

/** Tries over about an hour (30 s, 1 min, 2 min … 32 min apart), then the message is FAILED. */
export const MESSAGE_MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** Longer than a send may take (the SMS provider's timeout is 10 s), so no message goes twice at once. */
const LEASE_MS = 2 * 60_000;
const BATCH = 20;
/** Claims per run, so one run cannot hold an instance forever; what is left waits for the next. */
const MAX_ROUNDS = 50;
const DAY_MS = 86_400_000;
const PURGE_BATCH = 1_000;

export interface MessageOutcome {
  sent: number;
  retrying: number;
  failed: number;
}

class PermanentFailure extends Error {}

/** The message in its recipient's language; one that can never be worded fails for good. */
function worded(message: ClaimedMessage): WordedMessage {
  try {
    return wordMessage(message);
  } catch (error) {
    throw error instanceof UnwordableMessage ? new PermanentFailure(error.message) : error;
  }
}

export function createMessageDispatcher(deps: {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  sms: SmsProvider;
  background: BackgroundTasks;
  log: Logger;
  appUrl: string;
  /** Sent and failed messages are kept this many days for the operator, then purged (MESSAGE_RETENTION_DAYS). */
  messageRetentionDays: number;
}) {
  const { db, clock } = deps;

  async function send(message: ClaimedMessage): Promise<void> {
    const { subject, body, language } = worded(message);
    if (message.channel === 'EMAIL') {
      return deps.mailer.send({
        to: message.recipient,
        subject: subject ?? '',
        text: framedMail(language, message.recipient_name ?? message.recipient, body, deps.appUrl),
      });
    }
    const to = nigerianMobile(message.recipient);
    // A landline or a mistyped number will not become a mobile by waiting.
    if (!to) throw new PermanentFailure('The phone number is not a Nigerian mobile number');
    return deps.sms.send({ to, text: body });
  }

  /** Sends messages claimed for this process, then records each outcome; adds them to `outcome`. */
  async function deliver(claimed: readonly ClaimedMessage[], outcome: MessageOutcome): Promise<void> {
    const results = await Promise.allSettled(claimed.map(send));
    const sent: string[] = [];
    for (const [index, result] of results.entries()) {
      const message = claimed[index] as ClaimedMessage;
      if (result.status === 'fulfilled') {
        sent.push(message.id);
        continue;
      }
      const attempts = message.attempts + 1;
      const error = result.reason instanceof Error ? result.reason.message : String(result.reason);
      const final = result.reason instanceof PermanentFailure || attempts >= MESSAGE_MAX_ATTEMPTS;
      const retryAt = final ? null : new Date(clock.now().getTime() + retryDelayMs(attempts, FIRST_RETRY_MS, LONGEST_RETRY_MS));
      await outbox.markNotSent(db, message.id, error, retryAt);
      outcome[final ? 'failed' : 'retrying'] += 1;
      deps.log[final ? 'warn' : 'info'](
        { messageId: message.id, channel: message.channel, attempts, err: result.reason },
        final ? 'message not sent, for good' : 'message not sent; will try again',
      );
    }
    await outbox.markSent(db, sent, clock.now());
    outcome.sent += sent.length;
  }

  async function run(): Promise<MessageOutcome> {
    const outcome: MessageOutcome = { sent: 0, retrying: 0, failed: 0 };
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const claimed = await outbox.claimDueMessages(db, clock.now(), leaseEnd(), BATCH);
      await deliver(claimed, outcome);
      // A short claim took all that was due.
      if (claimed.length < BATCH) break;
    }
    return outcome;
  }

  function leaseEnd(): Date {
    return new Date(clock.now().getTime() + LEASE_MS);
  }

  let running = false;
  let again = false;
  /** Messages this process wrote leased to itself, committed, not yet sent (`sendLeased`). */
  const leasedToSend: LeasedMessage[] = [];
  let sendingLeased = false;

  return {
    /** Sends what is due now; returns what became of each message tried. */
    run,

    /**
     * After a transaction that wrote messages has committed: sends them now rather than at the next
     * scheduled run. Calls while a run is going ask for one more run after it, so a burst of
     * commits is sent in a few batched runs rather than one run each.
     */
    deliverSoon(): void {
      again = true;
      if (running) return;
      running = true;
      deps.background.run('send messages', async () => {
        try {
          while (again) {
            again = false;
            await run();
          }
        } finally {
          running = false;
        }
      });
    },

    /** When a message written now for this process to send after its commit stops being its own (see `sendLeased`). */
    leaseEnd,

    /**
     * After the transaction that wrote them leased to this process has committed: sends these
     * messages without claiming them (one statement and one update of each row fewer than a claim:
     * bench/RESULTS.md, run of 2026-11-28 10:00). Should the process stop first, the lease runs
     * out and a scheduled run sends them.
     */
    sendLeased(messages: readonly LeasedMessage[]): void {
      if (messages.length === 0) return;
      leasedToSend.push(...messages);
      if (sendingLeased) return;
      sendingLeased = true;
      deps.background.run('send leased messages', async () => {
        try {
          // What commits while a batch is sent waits for the next: under load, many transactions'
          // messages are recorded by one statement.
          while (leasedToSend.length > 0) {
            const now = clock.now();
            // A message whose lease ran out is the scheduled run's to claim now, not ours to send.
            const batch = leasedToSend.splice(0, BATCH).filter((message) => message.leased_until > now);
            await deliver(batch, { sent: 0, retrying: 0, failed: 0 }).catch((error: unknown) =>
              deps.log.error({ err: error }, 'recording the outcome of leased messages failed; they go again when their lease ends'),
            );
          }
        } finally {
          sendingLeased = false;
        }
      });
    },

    /**
     * Deletes messages sent, or failed for good, more than the retention's days ago, a batch at a
     * time; returns how many. Their bodies hold names, coupon codes and amounts (personal data).
     */
    async purgeSent(): Promise<number> {
      const before = new Date(clock.now().getTime() - deps.messageRetentionDays * DAY_MS);
      let purged = 0;
      for (const status of ['SENT', 'FAILED'] as const) {
        for (;;) {
          const deleted = await outbox.purgeFinished(db, status, before, PURGE_BATCH);
          purged += deleted;
          if (deleted < PURGE_BATCH) break;
        }
      }
      return purged;
    },
  };
}
