import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/search.js';
import { pageWithTotal } from '../../platform/db/page-with-total.js';

function planViews(db: Database) {
  return db
    .selectFrom('subscription_plans as p')
    .selectAll('p')
    .select((eb) =>
      eb
        .selectFrom('organizations as o')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('o.subscription_plan_id', '=', 'p.id')
        .as('organizations_count'),
    );
}

export type PlanRow = NonNullable<Awaited<ReturnType<typeof findPlan>>>;

export function findPlan(db: Database, id: string) {
  return planViews(db).where('p.id', '=', id).executeTakeFirst();
}

export async function listPlans(
  db: Database,
  filters: { search?: string | undefined; status?: string | undefined; page: number; pageSize: number },
) {
  let query = planViews(db);
  if (filters.search) query = query.where('p.name', 'ilike', containsPattern(filters.search));
  if (filters.status) query = query.where('p.status', '=', filters.status);
  return pageWithTotal(query, filters, (q) => q.orderBy('p.amount_kobo', 'asc').orderBy('p.name'));
}

export interface PlanValues {
  name: string;
  status: string;
  circleDays: number;
  amountKobo: bigint;
  driversLimit: number;
  assetsLimit: number;
  fuelRequestLimit: number;
  maintenanceRequestLimit: number;
  description: string | null;
  isDefault: boolean;
}

const columns = (values: Partial<PlanValues>) => ({
  ...(values.name !== undefined ? { name: values.name } : {}),
  ...(values.status !== undefined ? { status: values.status } : {}),
  ...(values.circleDays !== undefined ? { circle_days: values.circleDays } : {}),
  ...(values.amountKobo !== undefined ? { amount_kobo: values.amountKobo.toString() } : {}),
  ...(values.driversLimit !== undefined ? { drivers_limit: values.driversLimit } : {}),
  ...(values.assetsLimit !== undefined ? { assets_limit: values.assetsLimit } : {}),
  ...(values.fuelRequestLimit !== undefined ? { fuel_request_limit: values.fuelRequestLimit } : {}),
  ...(values.maintenanceRequestLimit !== undefined ? { maintenance_request_limit: values.maintenanceRequestLimit } : {}),
  ...(values.description !== undefined ? { description: values.description } : {}),
  ...(values.isDefault !== undefined ? { is_default: values.isDefault } : {}),
});

export async function insertPlan(db: Database, values: PlanValues): Promise<string> {
  const row = await db
    .insertInto('subscription_plans')
    .values({ ...columns(values), name: values.name, amount_kobo: values.amountKobo.toString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePlan(db: Database, id: string, values: Partial<PlanValues>): Promise<void> {
  await db
    .updateTable('subscription_plans')
    .set({ ...columns(values), updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** The platform has at most one default plan (a partial unique index holds it). */
export async function clearDefaultPlan(db: Database): Promise<void> {
  await db.updateTable('subscription_plans').set({ is_default: false }).where('is_default', '=', true).execute();
}
