/**
 * E-mails people asked for: request decisions, redemptions, wallet funding, support answers, and
 * the daily reminders of expiring insurance or registration and of subscriptions falling due. Each
 * user chooses which kinds it wants; mail goes out after the reply, so a slow mail server never
 * slows a request.
 */
import { calendarDay } from '@fleetfuel/contract';
import type { NotificationPreferences } from '@fleetfuel/contract';
import type { BackgroundTasks } from '../../platform/background.js';
import { addDays, lagosDate, type Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { nigerianMobile, type SmsProvider } from '../../platform/sms/sms.js';
import * as repository from './notifications.repository.js';
import type { NotificationKind } from './notifications.repository.js';

export interface Notice {
  subject: string;
  /** Plain text; the greeting and sign-off are added. */
  text: string;
}

/** Someone who wants a kind of e-mail (see organizationAdminsWanting). */
export interface Recipient {
  id: string;
  name: string;
  email: string;
}

const EXPIRY_WARNING_DAYS = 30;
const SUBSCRIPTION_WARNING_DAYS = 7;
const ORGANIZATION_ADMINS = ['ADMINISTRATOR', 'ASST_ADMINISTRATOR'] as const;

export function createNotificationsService(deps: {
  db: Database;
  mailer: Mailer;
  sms: SmsProvider;
  background: BackgroundTasks;
  clock: Clock;
  appUrl: string;
}) {
  const { db, mailer, background } = deps;

  /**
   * Texts a person after the current reply, when the person is active and has a Nigerian mobile
   * number; otherwise nothing is sent (a driver without a phone still has the coupon in the app).
   */
  function text(userId: string | null, message: string): void {
    if (!userId) return;
    background.run('sms', async () => {
      const mobile = await mobileOf(userId);
      if (mobile) await deps.sms.send({ to: mobile, text: message });
    });
  }

  /** The Nigerian mobile number an active user's texts go to, or null when `text` would send nothing. */
  async function mobileOf(userId: string): Promise<string | null> {
    return nigerianMobile(await repository.activeUserPhone(db, userId));
  }

  /** Mails one notice with the greeting and the sign-off every FleetFuel e-mail carries. */
  function send(recipient: Recipient, notice: Notice): Promise<void> {
    return mailer.send({
      to: recipient.email,
      subject: notice.subject,
      text: `Hello ${recipient.name},\n\n${notice.text}\n\nFleetFuel — ${deps.appUrl}\n(You can choose which e-mails you receive under Account Settings > Notification.)\n`,
    });
  }

  /** Mails those of `recipients` who want `kind`, after the current reply (the lookup too). */
  function mailWilling(kind: NotificationKind, recipients: Parameters<typeof repository.willingRecipients>[1], notice: Notice): void {
    background.run(`notify ${kind}`, async () => {
      for (const recipient of await repository.willingRecipients(db, recipients, kind)) {
        await send({ ...recipient, email: recipient.email as string }, notice);
      }
    });
  }

  /** Sends a notice to those of `userIds` who want `kind`, after the current reply. */
  function notify(kind: NotificationKind, userIds: readonly string[], notice: Notice): void {
    mailWilling(kind, { userIds: [...new Set(userIds)] }, notice);
  }

  /** Notifies an organization's admins (and optionally others) of something about the organization, after the current reply. */
  function notifyOrganization(kind: NotificationKind, organizationId: string, notice: Notice, also: readonly string[] = []): void {
    mailWilling(kind, { userIds: [...new Set(also)], adminsOf: { organizationId, roles: ORGANIZATION_ADMINS } }, notice);
  }

  return {
    notify,
    notifyOrganization,
    text,
    mobileOf,

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
     * Mails a notice now and waits for it, for scheduled work with no reply to wait behind: the job
     * sends one organization's mail at a time instead of queueing every organization's at once.
     */
    send,

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
     * The daily reminders: once per Lagos day across all instances. Returns whether this call ran
     * them (false when another run already had today's).
     */
    async runDailyReminders(): Promise<boolean> {
      const now = deps.clock.now();
      const today = lagosDate(now);
      if (!(await repository.claimDailyRun(db, 'daily-reminders', today))) return false;
      const warnUntil = addDays(today, EXPIRY_WARNING_DAYS);
      const byOrganization = new Map<string, string[]>();
      for (const asset of await repository.expiringAssets(db, today, warnUntil)) {
        const label = asset.plate_number ?? `${asset.make} ${asset.model}`;
        const lines = byOrganization.get(asset.organization_id) ?? [];
        if (asset.insurance_end && asset.insurance_end <= warnUntil) {
          lines.push(`- ${label}: insurance ${asset.insurance_end < today ? 'expired' : 'expires'} on ${calendarDay(asset.insurance_end)}`);
        }
        if (asset.registration_expiry && asset.registration_expiry <= warnUntil) {
          lines.push(
            `- ${label}: registration ${asset.registration_expiry < today ? 'expired' : 'expires'} on ${calendarDay(asset.registration_expiry)}`,
          );
        }
        byOrganization.set(asset.organization_id, lines);
      }
      for (const [organizationId, lines] of byOrganization) {
        if (lines.length === 0) continue;
        notifyOrganization('expiryWarnings', organizationId, {
          subject: 'Insurance or registration expiring',
          text: `These assets need attention:\n${lines.join('\n')}\n\nRenew them and record the new dates on each asset's page.`,
        });
      }
      for (const organization of await repository.subscriptionsDue(db, new Date(now.getTime() + SUBSCRIPTION_WARNING_DAYS * 86_400_000))) {
        const due = organization.next_billing ? lagosDate(organization.next_billing) : today;
        mailWilling(
          'subscriptionDue',
          { userIds: [], adminsOf: { organizationId: organization.id, roles: ['ADMINISTRATOR'] } },
          {
            subject: `Your ${organization.plan_name} subscription ${due < today ? 'has expired' : 'is due'}`,
            text:
              due < today
                ? `The ${organization.plan_name} subscription of ${organization.name} expired on ${due}. New requests are refused until it is renewed on the Billing page.`
                : `The ${organization.plan_name} subscription of ${organization.name} is due on ${due}. Renew it on the Billing page once that date has passed.`,
          },
        );
      }
      return true;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
