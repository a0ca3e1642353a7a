/**
 * The daily digest (issue 12): once per Lagos day across all instances, each organization's admins
 * who have not turned it off get one e-mail summing up the organization's alerts as the bell lists
 * them. Organizations without alerts get nothing.
 *
 * It lives in the alerts module and uses the notifications module's face to claim the day and to
 * send: notifications is the module every other module calls to mail people, so it must not depend
 * on alerts in turn (that would make a cycle); the alerts module already owns what a digest says.
 */
import { ALERT_KINDS, calendarDay, type Alert } from '@fleetfuel/contract';
import { lagosDate, type Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import type { Logger } from '../../platform/logging.js';
import type { Notice, NotificationsService } from '../notifications/index.js';
import * as repository from './alerts.repository.js';
import type { AlertsService } from './alerts.service.js';

/** Its own claim in job_runs, independent of the daily reminders'. */
const DAILY_DIGEST_JOB = 'daily-digest';
/** Organizations read per page: the platform is walked in pages, never all at once. */
export const DIGEST_ORGANIZATIONS_PER_PAGE = 50;
/** Lines listed per kind of alert; the rest are counted ("and 4 more"). */
export const DIGEST_LINES_PER_KIND = 10;

/** One alert's line: its message names the subject; the due day is added where the words lack it. */
function digestLine(alert: Alert): string {
  const day = alert.dueDate === null ? null : calendarDay(alert.dueDate);
  return day === null || alert.message.includes(day) ? `- ${alert.message}` : `- ${alert.message} (due ${day})`;
}

/**
 * The digest e-mail of one organization's alerts (sorted as the bell sorts them), grouped by kind:
 * the headings and the frame are worded in each admin's language by the notifications templates;
 * the alerts' own lines are the alerts module's words.
 */
export function composeDigest(organizationName: string, alerts: readonly Alert[], day: string, appUrl: string): Notice {
  const sections = ALERT_KINDS.map((kind) => alerts.filter((alert) => alert.kind === kind))
    .filter((ofKind) => ofKind.length > 0)
    .map((ofKind) => ({
      kind: (ofKind[0] as Alert).kind,
      count: ofKind.length,
      lines: ofKind.slice(0, DIGEST_LINES_PER_KIND).map(digestLine),
      more: Math.max(ofKind.length - DIGEST_LINES_PER_KIND, 0),
    }));
  return { template: 'dailyDigest', params: { organization: organizationName, day, total: alerts.length, sections, appUrl } };
}

export function createDailyDigest(deps: {
  db: Database;
  clock: Clock;
  alerts: AlertsService;
  notifications: NotificationsService;
  log: Logger;
  appUrl: string;
}) {
  const { db, clock, alerts, notifications, log } = deps;

  /** Writes one organization's digest for its willing admins into the outbox; a failure is logged and the run goes on. */
  async function digestOf(organization: { id: string; name: string }, recipients: readonly { id: string }[], day: string) {
    let found: Alert[];
    try {
      found = await alerts.forOrganization(organization.id);
    } catch (error) {
      log.error({ err: error, organizationId: organization.id }, 'daily digest: alerts could not be read');
      return;
    }
    if (found.length === 0) return;
    // Into the outbox: each admin's e-mail is sent, and retried when refused, on its own.
    const notice = composeDigest(organization.name, found, day, deps.appUrl);
    try {
      await notifications.notify(
        db,
        'dailyDigest',
        recipients.map((recipient) => recipient.id),
        notice,
        organization.id,
      );
    } catch (error) {
      log.error({ err: error, organizationId: organization.id }, 'daily digest: its e-mails could not be written');
    }
  }

  return {
    /**
     * Sends today's digests unless another call (on any instance) already claimed today's run.
     * Returns whether this call ran it.
     */
    async run(): Promise<boolean> {
      const today = lagosDate(clock.now());
      if (!(await notifications.claimDailyRun(DAILY_DIGEST_JOB, today))) return false;
      let afterId: string | null = null;
      for (;;) {
        const page = await repository.activeOrganizationsPage(db, afterId, DIGEST_ORGANIZATIONS_PER_PAGE);
        if (page.length === 0) break;
        // One query tells who wants a digest in the whole page; organizations where nobody does
        // are skipped before any of their alerts are read.
        const wanting = await notifications.organizationAdminsWanting(
          'dailyDigest',
          page.map((organization) => organization.id),
        );
        for (const organization of page) {
          const recipients = wanting.get(organization.id);
          if (recipients) await digestOf(organization, recipients, today);
        }
        // Each page's e-mails go while the next page is read.
        notifications.deliverSoon();
        if (page.length < DIGEST_ORGANIZATIONS_PER_PAGE) break;
        afterId = (page[page.length - 1] as { id: string }).id;
      }
      return true;
    },
  };
}
