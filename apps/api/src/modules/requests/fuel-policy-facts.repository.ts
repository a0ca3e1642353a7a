/** What the fuel policies' rules need to know of a fill's history (issue 44), read in the caller's transaction. */
import type { PolicyScopeType } from '@fleetfuel/contract';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import type { PeriodUse } from './rules/fuel-policies.js';

/** When the vehicle was last filled (its latest redeemed coupon), if ever. */
export async function lastFillAt(db: Database, vehicleId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('fuel_requests')
    .select((eb) => eb.fn.max('redeemed_at').as('at'))
    .where('vehicle_id', '=', vehicleId)
    .where('status', '=', 'COMPLETED')
    .executeTakeFirst();
  return row?.at ?? null;
}

/**
 * The organization's approved coupons (their volume and hold) and redeemed fills (what was dispensed
 * and paid) since `from`, dated by their redemption or else their approval, with the group their
 * vehicle is now in (as the group's daily cap counts) and the driver recorded on each request.
 */
function fillsSince(organizationId: string, from: Date) {
  return sql`SELECT r.vehicle_id, v.department_id, r.driver_id,
      CASE WHEN r.status = 'COMPLETED' THEN r.dispensed_volume ELSE r.volume END AS litres,
      CASE WHEN r.status = 'COMPLETED' THEN r.amount_kobo ELSE r.hold_kobo END AS kobo,
      coalesce(r.redeemed_at, r.approved_at) AS at
    FROM fuel_requests r JOIN vehicles v ON v.id = r.vehicle_id
    WHERE r.organization_id = ${organizationId} AND r.status IN ('APPROVED', 'COMPLETED')
      AND coalesce(r.redeemed_at, r.approved_at) >= ${from}`;
}

/** The four sums of a period use, over the fills `f`. */
function periodSums(since: { weekStart: Date; monthStart: Date }) {
  return sql`coalesce(sum(f.litres) FILTER (WHERE f.at >= ${since.weekStart}), 0) AS week_litres,
    coalesce(sum(f.litres) FILTER (WHERE f.at >= ${since.monthStart}), 0) AS month_litres,
    coalesce(sum(f.kobo) FILTER (WHERE f.at >= ${since.weekStart}), 0) AS week_kobo,
    coalesce(sum(f.kobo) FILTER (WHERE f.at >= ${since.monthStart}), 0) AS month_kobo`;
}

interface PeriodSumsRow {
  week_litres: string;
  month_litres: string;
  week_kobo: string;
  month_kobo: string;
}

const earlier = (since: { weekStart: Date; monthStart: Date }) => (since.weekStart < since.monthStart ? since.weekStart : since.monthStart);

const periodUseOf = (row: PeriodSumsRow): PeriodUse => ({
  weekLitres: Number(row.week_litres),
  monthLitres: Number(row.month_litres),
  weekKobo: BigInt(row.week_kobo),
  monthKobo: BigInt(row.month_kobo),
});
const NO_USE: PeriodUse = { weekLitres: 0, monthLitres: 0, weekKobo: 0n, monthKobo: 0n };

/** What each scope of a fill used since the week's and the month's start. */
export async function periodUse(
  db: Database,
  fill: { organizationId: string; groupId: string | null; driverId: string | null; vehicleId: string },
  since: { weekStart: Date; monthStart: Date },
): Promise<Record<PolicyScopeType, PeriodUse>> {
  const { rows } = await sql<PeriodSumsRow & { scope: PolicyScopeType }>`
    WITH fills AS (${fillsSince(fill.organizationId, earlier(since))})
    SELECT s.scope, ${periodSums(since)}
    FROM fills f
    CROSS JOIN LATERAL (VALUES
      ('ORGANIZATION', true),
      ('GROUP', f.department_id = ${fill.groupId}::uuid),
      ('DRIVER', f.driver_id = ${fill.driverId}::uuid),
      ('VEHICLE', f.vehicle_id = ${fill.vehicleId}::uuid)
    ) AS s(scope, counts)
    WHERE s.counts
    GROUP BY s.scope`.execute(db);
  const use: Record<PolicyScopeType, PeriodUse> = { ORGANIZATION: NO_USE, GROUP: NO_USE, DRIVER: NO_USE, VEHICLE: NO_USE };
  for (const row of rows) use[row.scope] = periodUseOf(row);
  return use;
}

/**
 * What every budget policy's scope used since the week's and the month's start, in one statement:
 * the period's fills summed once per vehicle, group, driver and for the organization, then matched
 * to the budgets by their scope (an organization with a budget on each of 20,000 vehicles reads its
 * fills once, not once a budget).
 */
export async function budgetUse(
  db: Database,
  organizationId: string,
  since: { weekStart: Date; monthStart: Date },
): Promise<Map<string, PeriodUse>> {
  const sums = periodSums(since);
  const { rows } = await sql<PeriodSumsRow & { policy_id: string }>`
    WITH fills AS (${fillsSince(organizationId, earlier(since))}),
    per_scope AS (
      SELECT 'ORGANIZATION' AS scope_type, NULL::uuid AS scope_id, ${sums} FROM fills f
      UNION ALL SELECT 'VEHICLE', f.vehicle_id, ${sums} FROM fills f GROUP BY f.vehicle_id
      UNION ALL SELECT 'GROUP', f.department_id, ${sums} FROM fills f WHERE f.department_id IS NOT NULL GROUP BY f.department_id
      UNION ALL SELECT 'DRIVER', f.driver_id, ${sums} FROM fills f WHERE f.driver_id IS NOT NULL GROUP BY f.driver_id
    )
    SELECT p.id AS policy_id, u.week_litres, u.month_litres, u.week_kobo, u.month_kobo
    FROM fuel_policies p
    JOIN per_scope u ON u.scope_type = p.scope_type AND u.scope_id IS NOT DISTINCT FROM p.scope_id
    WHERE p.organization_id = ${organizationId}
      AND p.rule IN ('WEEKLY_BUDGET_NAIRA', 'MONTHLY_BUDGET_NAIRA', 'WEEKLY_LITRES', 'MONTHLY_LITRES')`.execute(db);
  return new Map(rows.map((row) => [row.policy_id, periodUseOf(row)]));
}
