import { sql } from 'kysely';
import type { DEPARTMENT_SORTS } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { afterCursor, cursorInstant, type NewestFirstCursor } from '../../platform/db/keyset.js';
import { listOrder, type SortChoice, type SortExpression } from '../../platform/db/list-order.js';
import { containsPattern } from '../../platform/db/search.js';
import { pageWithTotal } from '../../platform/db/page-with-total.js';

function departmentViews(db: Database) {
  return db
    .selectFrom('departments as g')
    .innerJoin('organizations as o', 'o.id', 'g.organization_id')
    .select(['g.id', 'g.name', 'g.status', 'g.max_daily_consumption', 'g.organization_id', 'g.created_at', 'o.name as organization_name'])
    .select((eb) => [
      eb
        .selectFrom('vehicles as v')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('v.department_id', '=', 'g.id')
        .as('vehicles_count'),
      eb
        .selectFrom('users as u')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('u.department_id', '=', 'g.id')
        .as('drivers_count'),
    ]);
}

export type DepartmentRow = NonNullable<Awaited<ReturnType<typeof findDepartment>>>;

export function findDepartment(db: Database, id: string, organizationId: string | null) {
  return departmentViews(db)
    .where('g.id', '=', id)
    .$if(organizationId !== null, (q) => q.where('g.organization_id', '=', organizationId as string))
    .executeTakeFirst();
}

/** Groups of one organization whose names match `names` in any case. */
export function departmentsNamed(db: Database, organizationId: string, names: readonly string[]) {
  return db
    .selectFrom('departments')
    .select(['id', 'name'])
    .where('organization_id', '=', organizationId)
    .where(sql<string>`lower(name)`, 'in', [...new Set(names.map((name) => name.toLowerCase()))])
    .execute();
}

export interface DepartmentFilters {
  organizationId: string | null;
  search?: string | undefined;
  status?: string | undefined;
}

/** The groups that pass a list's filters: the list and its export share it. */
function filteredDepartments(db: Database, filters: DepartmentFilters) {
  let query = departmentViews(db);
  if (filters.organizationId) query = query.where('g.organization_id', '=', filters.organizationId);
  if (filters.search) query = query.where('g.name', 'ilike', containsPattern(filters.search));
  if (filters.status) query = query.where('g.status', '=', filters.status);
  return query;
}

type DepartmentSort = (typeof DEPARTMENT_SORTS)[number];

/** The groups list's sortable columns; text ignores case, the client by its organization's name. */
const DEPARTMENT_SORT_COLUMNS: Record<DepartmentSort, SortExpression> = {
  name: sql`lower(g.name)`,
  status: 'g.status',
  maxDailyConsumption: 'g.max_daily_consumption',
  client: sql`lower(o.name)`,
  createdAt: 'g.created_at',
};

export async function listDepartments(
  db: Database,
  filters: DepartmentFilters & SortChoice<DepartmentSort> & { page: number; pageSize: number },
) {
  const query = filteredDepartments(db, filters);
  return pageWithTotal(query, filters, (q) => q.orderBy(listOrder(DEPARTMENT_SORT_COLUMNS, filters, sql`g.created_at DESC, g.id`, 'g.id')));
}

/** The next `size` groups of the list after `after`, in the list's order, for an export. */
export function departmentBatch(db: Database, filters: DepartmentFilters, after: NewestFirstCursor | null, size: number) {
  return filteredDepartments(db, filters)
    .select(cursorInstant('g.created_at').as('cursor_at'))
    .$if(after !== null, (q) => q.where(afterCursor('g.created_at', 'g.id', after as NewestFirstCursor)))
    .orderBy('g.created_at', 'desc')
    .orderBy('g.id')
    .limit(size)
    .execute();
}

export async function insertDepartment(
  db: Database,
  values: { organizationId: string; name: string; status: string; maxDailyConsumption: number },
): Promise<string> {
  const row = await db
    .insertInto('departments')
    .values({
      organization_id: values.organizationId,
      name: values.name,
      status: values.status,
      max_daily_consumption: values.maxDailyConsumption,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDepartment(
  db: Database,
  id: string,
  patch: { name?: string; status?: string; maxDailyConsumption?: number },
): Promise<void> {
  await db
    .updateTable('departments')
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.maxDailyConsumption !== undefined ? { max_daily_consumption: patch.maxDailyConsumption } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteDepartment(db: Database, id: string): Promise<void> {
  await db.deleteFrom('departments').where('id', '=', id).execute();
}

/** Removes a driver from the group; false when the driver was not in it. */
export async function removeDriverFromDepartment(db: Database, departmentId: string, driverId: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ department_id: null, updated_at: sql<Date>`now()` })
    .where('id', '=', driverId)
    .where('department_id', '=', departmentId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
