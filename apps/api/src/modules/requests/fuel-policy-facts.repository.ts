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
 * What each scope of a fill used since the week's and the month's start: litres and kobo of the
 * organization's approved coupons (their volume and hold) and redeemed ones (what was dispensed
 * and paid), dated by their redemption or else their approval. The group is the vehicles now in
 * it (as the group's daily cap counts), the driver the one recorded on each request.
 */
export async function periodUse(
  db: Database,
  fill: { organizationId: string; groupId: string | null; driverId: string | null; vehicleId: string },
  since: { weekStart: Date; monthStart: Date },
): Promise<Record<PolicyScopeType, PeriodUse>> {
  const from = since.weekStart < since.monthStart ? since.weekStart : since.monthStart;
  const { rows } = await sql<{ scope: PolicyScopeType; week_litres: string; month_litres: string; week_kobo: string; month_kobo: string }>`
    WITH fills AS (
      SELECT r.vehicle_id, v.department_id, r.driver_id,
             CASE WHEN r.status = 'COMPLETED' THEN r.dispensed_volume ELSE r.volume END AS litres,
             CASE WHEN r.status = 'COMPLETED' THEN r.amount_kobo ELSE r.hold_kobo END AS kobo,
             coalesce(r.redeemed_at, r.approved_at) AS at
      FROM fuel_requests r JOIN vehicles v ON v.id = r.vehicle_id
      WHERE r.organization_id = ${fill.organizationId} AND r.status IN ('APPROVED', 'COMPLETED')
        AND coalesce(r.redeemed_at, r.approved_at) >= ${from}
    )
    SELECT s.scope,
           coalesce(sum(f.litres) FILTER (WHERE f.at >= ${since.weekStart}), 0) AS week_litres,
           coalesce(sum(f.litres) FILTER (WHERE f.at >= ${since.monthStart}), 0) AS month_litres,
           coalesce(sum(f.kobo) FILTER (WHERE f.at >= ${since.weekStart}), 0) AS week_kobo,
           coalesce(sum(f.kobo) FILTER (WHERE f.at >= ${since.monthStart}), 0) AS month_kobo
    FROM fills f
    CROSS JOIN LATERAL (VALUES
      ('ORGANIZATION', true),
      ('GROUP', f.department_id = ${fill.groupId}::uuid),
      ('DRIVER', f.driver_id = ${fill.driverId}::uuid),
      ('VEHICLE', f.vehicle_id = ${fill.vehicleId}::uuid)
    ) AS s(scope, counts)
    WHERE s.counts
    GROUP BY s.scope`.execute(db);
  const none: PeriodUse = { weekLitres: 0, monthLitres: 0, weekKobo: 0n, monthKobo: 0n };
  const use: Record<PolicyScopeType, PeriodUse> = { ORGANIZATION: none, GROUP: none, DRIVER: none, VEHICLE: none };
  for (const row of rows) {
    use[row.scope] = {
      weekLitres: Number(row.week_litres),
      monthLitres: Number(row.month_litres),
      weekKobo: BigInt(row.week_kobo),
      monthKobo: BigInt(row.month_kobo),
    };
  }
  return use;
}
