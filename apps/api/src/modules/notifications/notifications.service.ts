/**
 * E-mails people asked for: request decisions, redemptions, wallet funding, support answers, and
 * the daily reminders of expiring insurance or registration and of subscriptions falling due; and
 * the texts drivers get (coupons, receipts, codes). Each user chooses which kinds of e-mail it
 * wants. Messages are rows of an outbox written in the caller's transaction (a rolled-back change
 * sends nothing; a committed one is sent even if the process stops right after), sent by the
 * dispatcher with retries, never before the reply, so a slow mail server never slows a request. A
 * change that writes a few runs its transaction through `sendingAfterCommit`, which sends them
 * once it commits; batch work (the daily reminders, a resend) writes them due and asks for a run
 * with `deliverSoon()`.
 */
import type { MessageListQuery, NotificationPreferences, OutgoingMessage } from '@fleetfuel/contract';
import { AppError, notFound } from '../../platform/errors.js';
import { auditTrail, type AuditActor } from '../audit/index.js';
import type { BackgroundTasks } from '../../platform/background.js';
import { addDays, lagosDate, type Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import type { Logger } from '../../platform/logging.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { nigerianMobile, type SmsProvider } from '../../platform/sms/sms.js';
import { createMessageDispatcher } from './notifications.dispatcher.js';
import * as repository from './notifications.repository.js';
import type { NotificationKind } from './notifications.repository.js';
import * as outbox from './outbox.repository.js';
import type { LeasedMessage, MessageAudience, MessageRow, OutgoingMessage as OutboxMessage } from './outbox.repository.js';
import { wordForReading } from './message-wording.js';
import type { TemplatedMail, TemplatedText } from './templates/catalog.js';
import type { ExpiringPaper } from './templates/organization-mails.js';

/** An e-mail: a template of the catalog and its parameters, worded in each recipient's language; the greeting and sign-off are added. */
export type Notice = TemplatedMail;
/** A text: a template of the catalog and its parameters, worded in the recipient's language and fitted to two SMS parts. */
export type TextNotice = TemplatedText;

/** Someone who wants a kind of e-mail (see organizationAdminsWanting). */
export interface Recipient {
  id: string;
  name: string;
  email: string;
}

/** A row of the outbox as the platform admin reads it: worded as its recipient reads it. */
function toOutgoingMessage(row: MessageRow): OutgoingMessage {
  const { subject, body } = wordForReading(row);
  return {
    id: row.id,
    channel: row.channel,
    status: row.status,
    recipient: row.recipient,
    recipientName: row.recipient_name,
    organization: row.organization_id && row.organization_name ? { id: row.organization_id, name: row.organization_name } : null,
    subject,
    body,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    nextAttemptAt: row.status === 'PENDING' ? row.next_attempt_at.toISOString() : null,
    sentAt: row.sent_at?.toISOString() ?? null,
  };
}

const subjectOf = (row: MessageRow): string | null => wordForReading(row).subject;

const EXPIRY_WARNING_DAYS = 30;
const SUBSCRIPTION_WARNING_DAYS = 7;
const ORGANIZATION_ADMINS = ['ADMINISTRATOR', 'ASST_ADMINISTRATOR'] as const;

export function createNotificationsService(deps: {
  db: Database;
  mailer: Mailer;
  sms: SmsProvider;
  background: BackgroundTasks;
  clock: Clock;
  log: Logger;
  appUrl: string;
  messageRetentionDays: number;
}) {
  const { db, clock } = deps;
  const dispatcher = createMessageDispatcher(deps);
  /** The messages written so far by each transaction that `sendingAfterCommit` runs, leased to this process. */
  const leasedBy = new WeakMap<Database, LeasedMessage[]>();

  /** What a message written now through `trx` is: leased to this process when `trx` will hand it over. */
  function outgoing(trx: Database, message: Omit<OutboxMessage, 'at' | 'leasedUntil'>): OutboxMessage {
    return { ...message, at: clock.now(), ...(leasedBy.has(trx) ? { leasedUntil: dispatcher.leaseEnd() } : {}) };
  }

  function written(trx: Database, messages: readonly LeasedMessage[]): void {
    leasedBy.get(trx)?.push(...messages);
  }

  /** Writes e-mails to those of the audience who want `kind` into the outbox of `trx`. */
  async function mailWilling(
    trx: Database,
    kind: NotificationKind,
    audience: MessageAudience,
    notice: Notice,
    organizationId: string | null,
  ): Promise<void> {
    written(
      trx,
      await outbox.enqueueMail(trx, audience, kind, outgoing(trx, { organizationId, template: notice.template, params: notice.params })),
    );
  }

  /** The Nigerian mobile number an active user's texts go to, or null when `text` would send nothing. */
  async function mobileOf(userId: string): Promise<string | null> {
    return nigerianMobile(await repository.activeUserPhone(db, userId));
  }

  return {
    /**
     * In the caller's transaction: e-mails those of `userIds` who want `kind`, about something of
     * `organizationId` (null for the platform's own business).
     */
    notify(
      trx: Database,
      kind: NotificationKind,
      userIds: readonly string[],
      notice: Notice,
      organizationId: string | null,
    ): Promise<void> {
      return mailWilling(trx, kind, { userIds: [...new Set(userIds)] }, notice, organizationId);
    },

    /** In the caller's transaction: e-mails an organization's admins (and optionally others) who want `kind`. */
    notifyOrganization(
      trx: Database,
      kind: NotificationKind,
      organizationId: string,
      notice: Notice,
      also: readonly string[] = [],
    ): Promise<void> {
      return mailWilling(
        trx,
        kind,
        { userIds: [...new Set(also)], adminsOf: { organizationId, roles: ORGANIZATION_ADMINS } },
        notice,
        organizationId,
      );
    },

    /**
     * In the caller's transaction: texts a person who is active and has a phone number (a driver
     * without one still has the coupon in the app). A number that is not a Nigerian mobile is
     * marked FAILED by the sender, with the reason, rather than sent.
     */
    async text(trx: Database, userId: string | null, message: TextNotice, organizationId: string | null): Promise<void> {
      if (userId) {
        written(
          trx,
          await outbox.enqueueText(trx, userId, outgoing(trx, { organizationId, template: message.template, params: message.params })),
        );
      }
    },

    /**
     * In the caller's transaction: texts an organization's admins (of `roles`: those who can act on
     * it) who have a phone number and want `kind` (the same choice as its e-mail), for what cannot
     * wait for a mailbox.
     */
    async textOrganization(
      trx: Database,
      kind: NotificationKind,
      organizationId: string,
      message: TextNotice,
      roles: readonly string[] = ORGANIZATION_ADMINS,
    ): Promise<void> {
      const content = { organizationId, template: message.template, params: message.params };
      written(trx, await outbox.enqueueAdminTexts(trx, { organizationId, roles }, kind, outgoing(trx, content)));
    },

    /**
     * Runs `work` in a transaction whose e-mails and texts this process sends itself as soon as it
     * has committed: they are written leased to it, so no claim is needed to send them (a request's
     * decisions and redemptions, which write a few messages each). A rolled-back transaction's are
     * never sent; a committed one's wait for the lease's end if the process stops before sending.
     */
    async sendingAfterCommit<T>(work: (trx: Database) => Promise<T>): Promise<T> {
      const leased: LeasedMessage[] = [];
      const result = await db.transaction().execute((trx) => {
        leasedBy.set(trx, leased);
        return work(trx);
      });
      dispatcher.sendLeased(leased);
      return result;
    },

    /**
     * After a transaction that wrote messages (due at once: not through `sendingAfterCommit`)
     * committed: sends what is due now instead of at the next scheduled run.
     */
    deliverSoon: (): void => dispatcher.deliverSoon(),

    /** Scheduled: sends what is due (messages of a crashed instance, retries); any instance may run it. */
    deliverDue: () => dispatcher.run(),

    /** Scheduled: deletes messages sent or failed more than MESSAGE_RETENTION_DAYS ago. */
    purgeSent: (): Promise<number> => dispatcher.purgeSent(),

    mobileOf,

    /** The platform admin's page of the outbox, newest first. */
    async listMessages(query: MessageListQuery) {
      const { rows, total } = await outbox.listMessages(db, query);
      return { messages: rows.map(toOutgoingMessage), total };
    },

    /**
     * Sends a FAILED message again (the platform admin's call, after fixing what refused it): due now,
     * with its tries counted afresh, recorded in the audit trail, and sent right away.
     */
    async resendMessage(actor: AuditActor, id: string) {
      const found = await outbox.findMessage(db, id);
      if (!found) throw notFound('Message');
      await db.transaction().execute(async (trx) => {
        if (!(await outbox.retryFailedMessage(trx, id, clock.now()))) {
          throw new AppError('RULE_VIOLATION', `Only a FAILED message can be sent again; this one is ${found.status}`);
        }
        await auditTrail.record(trx, {
          actor,
          action: 'message.resent',
          entityId: id,
          before: { status: 'FAILED', attempts: found.attempts },
          after: { status: 'PENDING', attempts: 0 },
          note: `${found.channel === 'EMAIL' ? 'E-mail' : 'Text'} to ${found.recipient}${subjectOf(found) ? `: ${subjectOf(found)}` : ''}`.slice(
            0,
            1000,
          ),
        });
      });
      dispatcher.deliverSoon();
      const message = await outbox.findMessage(db, id);
      return { message: 'The message will be sent again now', outgoingMessage: toOutgoingMessage(message ?? found) };
    },

    /**
     * For scheduled work that mails many organizations (the alerts digest): who among each
     * organization's admins wants `kind`, for a page of organizations in one query. Organizations
     * nobody there wants it for are absent, so the caller skips their work altogether.
     */
    async organizationAdminsWanting(kind: NotificationKind, organizationIds: readonly string[]): Promise<Map<string, Recipient[]>> {
      const byOrganization = new Map<string, Recipient[]>();
      for (const row of await repository.willingOrganizationAdmins(db, organizationIds, ORGANIZATION_ADMINS, kind)) {
        const organizationId = row.organization_id as string;
        const recipients = byOrganization.get(organizationId) ?? [];
        recipients.push({ id: row.id, name: row.name, email: row.email as string });
        byOrganization.set(organizationId, recipients);
      }
      return byOrganization;
    },

    /**
     * Claims a daily job's run for `day` in job_runs: true for exactly one caller across all
     * instances, so each job (by its own name) runs once per day however many instances run it.
     */
    claimDailyRun: (name: string, day: string): Promise<boolean> => repository.claimDailyRun(db, name, day),

    preferences: (userId: string): Promise<NotificationPreferences> => repository.preferencesOf(db, userId),

    async updatePreferences(userId: string, changes: Partial<NotificationPreferences>): Promise<NotificationPreferences> {
      await repository.savePreferences(db, userId, changes);
      return repository.preferencesOf(db, userId);
    },

    /**
     * The daily reminders: once per Lagos day across all instances. The day's claim and its e-mails
     * are one transaction, so a run that fails half-way leaves the day unclaimed for the next try
     * rather than half mailed. Returns whether this call ran them (false when another run already
     * had today's).
     */
    async runDailyReminders(): Promise<boolean> {
      const now = deps.clock.now();
      const today = lagosDate(now);
      const ran = await db.transaction().execute(async (trx) => {
        if (!(await repository.claimDailyRun(trx, 'daily-reminders', today))) return false;
        const warnUntil = addDays(today, EXPIRY_WARNING_DAYS);
        const byOrganization = new Map<string, ExpiringPaper[]>();
        for (const asset of await repository.expiringAssets(trx, today, warnUntil)) {
          const label = asset.plate_number ?? `${asset.make} ${asset.model}`;
          const items = byOrganization.get(asset.organization_id) ?? [];
          if (asset.insurance_end && asset.insurance_end <= warnUntil) {
            items.push({ label, paper: 'insurance', expired: asset.insurance_end < today, day: asset.insurance_end });
          }
          if (asset.registration_expiry && asset.registration_expiry <= warnUntil) {
            items.push({ label, paper: 'registration', expired: asset.registration_expiry < today, day: asset.registration_expiry });
          }
          byOrganization.set(asset.organization_id, items);
        }
        for (const [organizationId, items] of byOrganization) {
          if (items.length === 0) continue;
          await mailWilling(
            trx,
            'expiryWarnings',
            { userIds: [], adminsOf: { organizationId, roles: ORGANIZATION_ADMINS } },
            { template: 'expiryWarnings', params: { items } },
            organizationId,
          );
        }
        for (const organization of await repository.subscriptionsDue(
          trx,
          new Date(now.getTime() + SUBSCRIPTION_WARNING_DAYS * 86_400_000),
        )) {
          const due = organization.next_billing ? lagosDate(organization.next_billing) : today;
          await mailWilling(
            trx,
            'subscriptionDue',
            { userIds: [], adminsOf: { organizationId: organization.id, roles: ['ADMINISTRATOR'] } },
            {
              template: 'subscriptionDue',
              params: { plan: organization.plan_name, organization: organization.name, due, expired: due < today },
            },
            organization.id,
          );
        }
        return true;
      });
      if (ran) dispatcher.deliverSoon();
      return ran;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
