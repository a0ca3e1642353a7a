import type { Database } from '../../platform/db/database.js';

/**
 * Locks the organization row until the transaction ends, so that concurrent additions are counted
 * one after the other against the plan's limits. NO KEY UPDATE, not UPDATE: rows that merely refer
 * to the organization (a new request's foreign key takes KEY SHARE) must not wait on this lock, or
 * a request being created and one being redeemed deadlock on the organization and the vehicle.
 */
export function lockOrganizationWithPlan(db: Database, organizationId: string) {
  return organizationWithPlan(db, organizationId).forNoKeyUpdate('o').executeTakeFirst();
}

/** The organization with its plan: its limits for usage, its status, plan and billing date for renewals and the Billing page. */
export function findOrganizationWithPlan(db: Database, organizationId: string) {
  return organizationWithPlan(db, organizationId).executeTakeFirst();
}

/** The organization with its plan's limits: one query, read plainly or locked. */
function organizationWithPlan(db: Database, organizationId: string) {
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
      'p.circle_days',
      'p.drivers_limit',
      'p.assets_limit',
      'p.fuel_request_limit',
      'p.maintenance_request_limit',
    ])
    .where('o.id', '=', organizationId);
}

export type OrganizationPlanRow = NonNullable<Awaited<ReturnType<typeof findOrganizationWithPlan>>>;

export async function countActiveDrivers(db: Database, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('role', '=', 'DRIVER')
    .where('status', '=', 'ACTIVE')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Assets in service: every one but those set INACTIVE. */
export async function countAssetsInService(db: Database, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('vehicles')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('status', '!=', 'INACTIVE')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Requests of the current billing cycle that count against the plan: every one but rejected ones. */
export async function countRequestsSince(
  db: Database,
  table: 'fuel_requests' | 'maintenance_requests',
  organizationId: string,
  since: Date | null,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('status', '!=', 'REJECTED')
    .$if(since !== null, (q) => q.where('created_at', '>', since as Date))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
