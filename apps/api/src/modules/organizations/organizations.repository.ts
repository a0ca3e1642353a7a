import { sql } from 'kysely';
import type { CLIENT_SORTS } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { listOrder, type SortChoice, type SortExpression } from '../../platform/db/list-order.js';
import { containsPattern } from '../../platform/db/search.js';
import { pageWithTotal } from '../../platform/db/page-with-total.js';

type ClientSort = (typeof CLIENT_SORTS)[number];

export interface OrganizationFilters extends SortChoice<ClientSort> {
  search?: string | undefined;
  status?: string | undefined;
  /** Only organizations that joined in [from, until). */
  createdWithin?: { from?: Date; until?: Date };
  page: number;
  pageSize: number;
}

/** The clients list's sortable columns; the name ignores case, the type sorts by its stored value. */
const CLIENT_SORT_COLUMNS: Record<ClientSort, SortExpression> = {
  name: sql`lower(o.name)`,
  type: 'o.type',
  status: 'o.status',
  createdAt: 'o.created_at',
};

function organizationViews(db: Database) {
  return db
    .selectFrom('organizations as o')
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
    .select((eb) =>
      eb
        .selectFrom('vehicles as v')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('v.organization_id', '=', 'o.id')
        .as('vehicles_count'),
    );
}

/** Client counts for the stat cards; "this week" and "this month" are measured from `now`. */
export function clientCounts(db: Database, now: Date, monthStart: Date) {
  return db
    .selectFrom('organizations')
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.countAll<string>().filterWhere('status', '=', 'ACTIVE').as('active'),
      eb.fn
        .countAll<string>()
        .filterWhere((e) => e.and([e('status', '=', 'ACTIVE'), e('created_at', '>', sql<Date>`${now}::timestamptz - interval '7 days'`)]))
        .as('active_new_this_week'),
      eb.fn.countAll<string>().filterWhere('status', '=', 'SUSPENDED').as('suspended'),
      eb.fn.countAll<string>().filterWhere('created_at', '>=', monthStart).as('added_this_month'),
    ])
    .executeTakeFirstOrThrow();
}

export type OrganizationRow = NonNullable<Awaited<ReturnType<typeof findOrganization>>>;

export function findOrganization(db: Database, id: string) {
  return organizationViews(db).where('o.id', '=', id).executeTakeFirst();
}

export async function listOrganizations(db: Database, filters: OrganizationFilters) {
  let query = organizationViews(db);
  if (filters.search) {
    query = query.where(
      sql<string>`o.name || ' ' || coalesce(o.domain, '') || ' ' || coalesce(o.address, '')`,
      'ilike',
      containsPattern(filters.search),
    );
  }
  if (filters.status) query = query.where('o.status', '=', filters.status);
  if (filters.createdWithin?.from) query = query.where('o.created_at', '>=', filters.createdWithin.from);
  if (filters.createdWithin?.until) query = query.where('o.created_at', '<', filters.createdWithin.until);
  return pageWithTotal(query, filters, (q) => q.orderBy(listOrder(CLIENT_SORT_COLUMNS, filters, sql`o.created_at DESC, o.id`, 'o.id')));
}

export function findPlan(db: Database, id: string) {
  return db.selectFrom('subscription_plans').select(['id', 'name', 'status', 'circle_days']).where('id', '=', id).executeTakeFirst();
}

export function findDefaultPlan(db: Database) {
  return db
    .selectFrom('subscription_plans')
    .select(['id', 'circle_days'])
    .where('is_default', '=', true)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
}

export interface OrganizationValues {
  name: string;
  type: string;
  address: string | null;
  status: string;
  domain: string | null;
  planId: string | null;
  /** Days until the first billing date, from now; null without a plan. */
  circleDays: number | null;
}

export async function insertOrganization(db: Database, values: OrganizationValues): Promise<string> {
  const row = await db
    .insertInto('organizations')
    .values({
      name: values.name,
      type: values.type,
      address: values.address,
      status: values.status,
      domain: values.domain,
      subscription_plan_id: values.planId,
      next_billing: values.circleDays === null ? null : sql<Date>`now() + make_interval(days => ${values.circleDays})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type OrganizationPatch = Partial<Omit<OrganizationValues, 'circleDays'>> & {
  /** Set when the plan changes: a new cycle starts now. */
  circleDays?: number | null;
  imageKey?: string | null;
};

export async function updateOrganization(db: Database, id: string, patch: OrganizationPatch): Promise<void> {
  await db
    .updateTable('organizations')
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.type !== undefined ? { type: patch.type } : {}),
      ...(patch.address !== undefined ? { address: patch.address } : {}),
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.domain !== undefined ? { domain: patch.domain } : {}),
      ...(patch.planId !== undefined ? { subscription_plan_id: patch.planId } : {}),
      ...(patch.circleDays !== undefined
        ? { next_billing: patch.circleDays === null ? null : sql<Date>`now() + make_interval(days => ${patch.circleDays})` }
        : {}),
      ...(patch.imageKey !== undefined ? { image_key: patch.imageKey } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** Anything recorded under the organization that must outlive it: accounts so far. */
export async function organizationHasHistory(db: Database, id: string): Promise<boolean> {
  const user = await db.selectFrom('users').select('id').where('organization_id', '=', id).limit(1).executeTakeFirst();
  return user !== undefined;
}

/** Unlinks the logo so that the organization's file records can go before it does. */
export async function unlinkImage(db: Database, id: string): Promise<void> {
  await db.updateTable('organizations').set({ image_key: null }).where('id', '=', id).execute();
}

export async function deleteOrganization(db: Database, id: string): Promise<void> {
  await db.deleteFrom('organizations').where('id', '=', id).execute();
}

export function findSettings(db: Database, id: string) {
  return db
    .selectFrom('organizations')
    .select([
      'id',
      'name',
      'type',
      'address',
      'status',
      'domain',
      'default_station_id',
      'coupon_validity_days',
      'allow_expired_insurance',
      'service_interval_days',
      'service_interval_km',
      'low_balance_threshold_kobo',
      'require_note_for_flagged_approval',
      'require_driver_confirmation',
      'require_vehicle_scan',
      'require_odometer_photo',
      'require_odometer_at_pump',
      'ascii_texts',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function saveSettings(
  db: Database,
  id: string,
  values: Partial<{
    default_station_id: string | null;
    coupon_validity_days: number;
    allow_expired_insurance: boolean;
    service_interval_days: number;
    service_interval_km: number;
    low_balance_threshold_kobo: string;
    require_note_for_flagged_approval: boolean;
    require_driver_confirmation: boolean;
    require_vehicle_scan: boolean;
    require_odometer_photo: boolean;
    require_odometer_at_pump: boolean;
    ascii_texts: boolean;
  }>,
): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export function findStationStatus(db: Database, id: string) {
  return db.selectFrom('fuel_stations').select(['id', 'name', 'status']).where('id', '=', id).executeTakeFirst();
}
