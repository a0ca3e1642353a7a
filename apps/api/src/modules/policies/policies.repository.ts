/** The fuel policies of an organization (migration 0044), with the names of the scopes they were set for. */
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

export interface PolicyValues {
  rule: string;
  value: unknown;
  enforcement: 'HARD' | 'SOFT';
  scopeType: 'ORGANIZATION' | 'GROUP' | 'DRIVER' | 'VEHICLE';
  scopeId: string | null;
}

function policyViews(db: Database) {
  return db
    .selectFrom('fuel_policies as p')
    .leftJoin('departments as g', (join) => join.onRef('g.id', '=', 'p.scope_id').on('p.scope_type', '=', 'GROUP'))
    .leftJoin('users as d', (join) => join.onRef('d.id', '=', 'p.scope_id').on('p.scope_type', '=', 'DRIVER'))
    .leftJoin('vehicles as v', (join) => join.onRef('v.id', '=', 'p.scope_id').on('p.scope_type', '=', 'VEHICLE'))
    .select([
      'p.id',
      'p.organization_id',
      'p.rule',
      'p.value',
      'p.enforcement',
      'p.scope_type',
      'p.scope_id',
      'p.created_at',
      'p.updated_at',
    ])
    .select(sql<string | null>`coalesce(g.name, d.name, v.plate_number, v.make || ' ' || v.model)`.as('scope_name'));
}

export type PolicyRow = NonNullable<Awaited<ReturnType<typeof findPolicy>>>;

/** Every policy of the organization: organization-wide first, then groups, drivers and vehicles, each by name. */
export function listPolicies(db: Database, organizationId: string) {
  return policyViews(db)
    .where('p.organization_id', '=', organizationId)
    .orderBy(sql`array_position(ARRAY['ORGANIZATION', 'GROUP', 'DRIVER', 'VEHICLE'], p.scope_type)`)
    .orderBy(sql`coalesce(g.name, d.name, v.plate_number, '')`)
    .orderBy('p.rule')
    .orderBy('p.id')
    .execute();
}

export function findPolicy(db: Database, id: string, organizationId: string) {
  return policyViews(db).where('p.id', '=', id).where('p.organization_id', '=', organizationId).executeTakeFirst();
}

/** Locks the policy's row for its change; undefined when the organization has no such policy. */
export function lockPolicy(db: Database, id: string, organizationId: string) {
  return db
    .selectFrom('fuel_policies')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
}

const columns = (values: PolicyValues) => ({
  rule: values.rule,
  value: JSON.stringify(values.value),
  enforcement: values.enforcement,
  scope_type: values.scopeType,
  scope_id: values.scopeId,
});

export async function insertPolicy(db: Database, organizationId: string, createdBy: string, values: PolicyValues): Promise<string> {
  const row = await db
    .insertInto('fuel_policies')
    .values({ organization_id: organizationId, created_by: createdBy, ...columns(values) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePolicy(db: Database, id: string, values: PolicyValues): Promise<void> {
  await db
    .updateTable('fuel_policies')
    .set({ ...columns(values), updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deletePolicy(db: Database, id: string): Promise<void> {
  await db.deleteFrom('fuel_policies').where('id', '=', id).execute();
}

/** Whether the scope's group, driver or vehicle is the organization's (a driver must be one of its drivers). */
export async function scopeBelongs(
  db: Database,
  organizationId: string,
  scope: { type: 'GROUP' | 'DRIVER' | 'VEHICLE'; id: string },
): Promise<boolean> {
  const query =
    scope.type === 'GROUP'
      ? db.selectFrom('departments').select('id').where('id', '=', scope.id).where('organization_id', '=', organizationId)
      : scope.type === 'VEHICLE'
        ? db.selectFrom('vehicles').select('id').where('id', '=', scope.id).where('organization_id', '=', organizationId)
        : db
            .selectFrom('users')
            .select('id')
            .where('id', '=', scope.id)
            .where('organization_id', '=', organizationId)
            .where('role', '=', 'DRIVER');
  return (await query.executeTakeFirst()) !== undefined;
}

/** Which of these station ids name no station at all. */
export async function unknownStations(db: Database, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db.selectFrom('fuel_stations').select('id').where('id', 'in', ids).execute();
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}
