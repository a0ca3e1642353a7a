import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { containsPattern, pageOffset } from '../../platform/db/search.js';

export interface TenantFilters {
  search?: string | undefined;
  status?: string | undefined;
  page: number;
  pageSize: number;
}

export async function listOrganizations(db: Database, filters: TenantFilters) {
  let query = db.selectFrom('organizations as o');
  if (filters.search) {
    query = query.where(
      sql<string>`o.name || ' ' || coalesce(o.domain, '') || ' ' || coalesce(o.address, '')`,
      'ilike',
      containsPattern(filters.search),
    );
  }
  if (filters.status) query = query.where('o.status', '=', filters.status);

  const [rows, count] = await Promise.all([
    query
      .leftJoin('subscription_plans as p', 'p.id', 'o.subscription_plan_id')
      .select([
        'o.id',
        'o.name',
        'o.type',
        'o.address',
        'o.status',
        'o.subscription_plan_id',
        'o.next_billing',
        'o.domain',
        'o.image_key',
        'o.created_at',
        'p.name as plan_name',
      ])
      .select((eb) =>
        eb
          .selectFrom('users as d')
          .select((e) => e.fn.countAll<string>().as('n'))
          .whereRef('d.organization_id', '=', 'o.id')
          .where('d.role', '=', 'DRIVER')
          .as('drivers_count'),
      )
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id')
      .limit(filters.pageSize)
      .offset(pageOffset(filters.page, filters.pageSize))
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export type OrganizationRow = Awaited<ReturnType<typeof listOrganizations>>['rows'][number];

export function findDefaultPlan(db: Database) {
  return db
    .selectFrom('subscription_plans')
    .select(['id', 'circle_days'])
    .where('is_default', '=', true)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
}

export async function insertOrganization(
  db: Database,
  values: { name: string; type: string; planId: string | null; circleDays: number | null },
): Promise<string> {
  const row = await db
    .insertInto('organizations')
    .values({
      name: values.name,
      type: values.type,
      subscription_plan_id: values.planId,
      next_billing: values.circleDays === null ? null : sql<Date>`now() + make_interval(days => ${values.circleDays})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
