import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

export function findSubscription(db: Database, organizationId: string) {
  return db
    .selectFrom('organizations as o')
    .leftJoin('subscription_plans as p', 'p.id', 'o.subscription_plan_id')
    .select([
      'o.id',
      'o.name',
      'o.status',
      'o.next_billing',
      'o.subscription_plan_id',
      'p.name as plan_name',
      'p.status as plan_status',
      'p.circle_days',
      'p.amount_kobo',
    ])
    .where('o.id', '=', organizationId)
    .executeTakeFirst();
}

export function findPlan(db: Database, planId: string) {
  return db
    .selectFrom('subscription_plans')
    .select(['id', 'name', 'status', 'circle_days', 'amount_kobo'])
    .where('id', '=', planId)
    .executeTakeFirst();
}

/** A new cycle on the plan: nextBilling = max(now, nextBilling) + the plan's cycle. */
export async function extendSubscription(
  db: Database,
  organizationId: string,
  planId: string,
  circleDays: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable('organizations')
    .set({
      subscription_plan_id: planId,
      next_billing: sql<Date>`greatest(${now}::timestamptz, coalesce(next_billing, ${now}::timestamptz)) + make_interval(days => ${circleDays})`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', organizationId)
    .execute();
}
