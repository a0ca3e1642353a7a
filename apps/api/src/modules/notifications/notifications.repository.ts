/**
 * Notification choices (a user's kinds of e-mail, all on until turned off), whom of an
 * organization's admins wants which e-mails, an active user's phone, and what the daily reminders
 * read: today's run claimed once, assets about to expire, subscriptions due. The outbox of the
 * messages themselves is `outbox.repository.ts`.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../platform/db/database.js';

const COLUMNS = {
  requestDecisions: 'request_decisions',
  couponRedeemed: 'coupon_redeemed',
  walletFunded: 'wallet_funded',
  expiryWarnings: 'expiry_warnings',
  subscriptionDue: 'subscription_due',
  supportReplies: 'support_replies',
  dailyDigest: 'daily_digest',
  budgetAlerts: 'budget_alerts',
} as const;

export type NotificationKind = keyof typeof COLUMNS;

export async function preferencesOf(db: Database, userId: string) {
  const row = await db.selectFrom('notification_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return {
    requestDecisions: row?.request_decisions ?? true,
    couponRedeemed: row?.coupon_redeemed ?? true,
    walletFunded: row?.wallet_funded ?? true,
    expiryWarnings: row?.expiry_warnings ?? true,
    subscriptionDue: row?.subscription_due ?? true,
    supportReplies: row?.support_replies ?? true,
    dailyDigest: row?.daily_digest ?? true,
    budgetAlerts: row?.budget_alerts ?? true,
  };
}

export async function savePreferences(db: Database, userId: string, changes: Partial<Record<NotificationKind, boolean>>): Promise<void> {
  const values = Object.fromEntries(Object.entries(changes).map(([kind, on]) => [COLUMNS[kind as NotificationKind], on]));
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }))
    .execute();
}

/** Whether the user of preferences row `p` (joined beside the user, maybe absent) wants this kind of e-mail: yes unless turned off. */
export function wantsKind(kind: NotificationKind): RawBuilder<boolean> {
  return sql<boolean>`coalesce(${sql.ref(`p.${COLUMNS[kind]}`)}, true)`;
}

/**
 * The active admins (of the given roles, with an e-mail) of several organizations at once who want
 * this kind of e-mail: one query for a page of organizations rather than one per organization.
 */
export function willingOrganizationAdmins(
  db: Database,
  organizationIds: readonly string[],
  roles: readonly string[],
  kind: NotificationKind,
) {
  if (organizationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users as u')
    .leftJoin('notification_preferences as p', 'p.user_id', 'u.id')
    .select(['u.organization_id', 'u.id', 'u.name', 'u.email'])
    .where('u.organization_id', 'in', organizationIds)
    .where('u.role', 'in', roles)
    .where('u.status', '=', 'ACTIVE')
    .where('u.email', 'is not', null)
    .where(wantsKind(kind), '=', true)
    .orderBy('u.organization_id')
    .orderBy('u.email')
    .execute();
}

/** Claims today's run of a daily job; only one instance gets true. */
export async function claimDailyRun(db: Database, name: string, day: string): Promise<boolean> {
  const row = await db
    .insertInto('job_runs')
    .values({ name, run_date: day })
    .onConflict((oc) => oc.columns(['name', 'run_date']).doNothing())
    .returning('name')
    .executeTakeFirst();
  return row !== undefined;
}

/** Assets whose insurance or registration ends within the warning window (or ended), per organization. */
export function expiringAssets(db: Database, today: string, warnUntil: string) {
  return db
    .selectFrom('vehicles as v')
    .select([
      'v.organization_id',
      'v.plate_number',
      'v.make',
      'v.model',
      'v.registration_expiry',
      (eb) =>
        eb
          .selectFrom('insurance_policies as ip')
          .select('ip.coverage_end')
          .whereRef('ip.vehicle_id', '=', 'v.id')
          .orderBy('ip.created_at', 'desc')
          .limit(1)
          .as('insurance_end'),
    ])
    .where('v.status', '!=', 'INACTIVE')
    .where((eb) =>
      eb.or([
        eb('v.registration_expiry', '<=', warnUntil),
        eb(
          eb
            .selectFrom('insurance_policies as ip')
            .select('ip.coverage_end')
            .whereRef('ip.vehicle_id', '=', 'v.id')
            .orderBy('ip.created_at', 'desc')
            .limit(1),
          '<=',
          warnUntil,
        ),
      ]),
    )
    .orderBy('v.organization_id')
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, today })));
}

export function subscriptionsDue(db: Database, until: Date) {
  return db
    .selectFrom('organizations as o')
    .innerJoin('subscription_plans as p', 'p.id', 'o.subscription_plan_id')
    .select(['o.id', 'o.name', 'o.next_billing', 'p.name as plan_name', 'p.amount_kobo'])
    .where('o.status', '=', 'ACTIVE')
    .where('o.next_billing', '<=', until)
    .execute();
}

/** The phone number of an active user, or null. */
export async function activeUserPhone(db: Database, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('phone').where('id', '=', userId).where('status', '=', 'ACTIVE').executeTakeFirst();
  return row?.phone ?? null;
}
