/**
 * Fuel policies (issue 44): an organization's rules for fuel, checked when fuel is requested,
 * approved and redeemed. One row a rule for a scope: the whole organization, or one group, driver
 * or vehicle (`scope_id`); a rule has at most one policy per scope, and the most specific applies.
 * The value's shape depends on the rule (a number, days, hours, station ids, states, `true`): the
 * API validates it with the contract's schema before it is written.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE fuel_policies (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organization_id uuid NOT NULL REFERENCES organizations (id),
    rule text NOT NULL CHECK (rule IN ('MAX_LITRES_PER_FILL', 'MIN_HOURS_BETWEEN_FILLS', 'ALLOWED_DAYS', 'ALLOWED_HOURS',
      'ALLOWED_STATIONS', 'ALLOWED_STATES', 'FUEL_TYPE_MATCHES_ASSET', 'WEEKLY_BUDGET_NAIRA', 'MONTHLY_BUDGET_NAIRA',
      'WEEKLY_LITRES', 'MONTHLY_LITRES', 'VALID_INSURANCE')),
    value jsonb NOT NULL,
    enforcement text NOT NULL CHECK (enforcement IN ('HARD', 'SOFT')),
    scope_type text NOT NULL CHECK (scope_type IN ('ORGANIZATION', 'GROUP', 'DRIVER', 'VEHICLE')),
    scope_id uuid,
    created_by uuid REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((scope_type = 'ORGANIZATION') = (scope_id IS NULL))
  )`.execute(db);
  // One policy per rule and scope; the organization's own scope has no id, so it is keyed apart.
  await sql`CREATE UNIQUE INDEX fuel_policies_one_per_scope
    ON fuel_policies (organization_id, rule, scope_type, coalesce(scope_id, '00000000-0000-0000-0000-000000000000'::uuid))`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
