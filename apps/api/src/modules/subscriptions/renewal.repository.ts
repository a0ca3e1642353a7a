import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

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
