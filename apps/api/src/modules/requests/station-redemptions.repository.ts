/**
 * The SQL of a station's redemptions (fuel coupons redeemed and maintenance jobs completed, one list
 * newest first) and of the coupons it may still redeem. Each kind is read through its own (station,
 * time) index (migration 0022), so a day's list of a busy station reads that day's rows only; the
 * page's vehicles, organizations and people are joined after the page is cut.
 */
import { sql, type NotNull } from 'kysely';
import { OPEN_COUPONS_MAX } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';

export interface RedemptionRow {
  kind: 'FUEL' | 'MAINTENANCE';
  id: string;
  at: Date;
  vehicle_id: string;
  plate_number: string | null;
  make: string;
  model: string;
  organization_id: string;
  organization_name: string;
  fuel_type: string | null;
  volume: string | null;
  description: string | null;
  amount_kobo: string;
  by_id: string | null;
  by_name: string | null;
}

/** A page of the station's redemptions in [start, end), and the period's totals by kind and fuel. */
export async function redemptionsInPeriod(
  db: Database,
  stationId: string,
  range: { start: Date; end: Date },
  paging: { page: number; pageSize: number },
) {
  const { start, end } = range;
  // Both kinds in the period, as (kind, id, time, kobo, volume): the only rows either index yields.
  const period = sql`
    SELECT 'FUEL' AS kind, f.id, f.redeemed_at AS at, f.amount_kobo, f.dispensed_volume AS volume, f.fuel_type
    FROM fuel_requests f
    WHERE f.station_id = ${stationId} AND f.status = 'COMPLETED' AND f.redeemed_at >= ${start} AND f.redeemed_at < ${end}
    UNION ALL
    SELECT 'MAINTENANCE', m.id, m.completed_at, coalesce(m.final_cost_kobo, m.cost_kobo), NULL, NULL
    FROM maintenance_requests m
    WHERE m.station_id = ${stationId} AND m.status = 'COMPLETED' AND m.completed_at >= ${start} AND m.completed_at < ${end}`;

  const [page, totals] = await Promise.all([
    sql<RedemptionRow>`
      WITH page AS (SELECT kind, id, at FROM (${period}) p ORDER BY at DESC, id DESC LIMIT ${paging.pageSize} OFFSET ${(paging.page - 1) * paging.pageSize})
      SELECT page.kind, page.id, page.at, v.id AS vehicle_id, v.plate_number, v.make, v.model, o.id AS organization_id,
             o.name AS organization_name, f.fuel_type, f.dispensed_volume AS volume, m.description,
             coalesce(f.amount_kobo, m.final_cost_kobo, m.cost_kobo) AS amount_kobo,
             u.id AS by_id, u.name AS by_name
      FROM page
      LEFT JOIN fuel_requests f ON page.kind = 'FUEL' AND f.id = page.id
      LEFT JOIN maintenance_requests m ON page.kind = 'MAINTENANCE' AND m.id = page.id
      JOIN vehicles v ON v.id = coalesce(f.vehicle_id, m.vehicle_id)
      JOIN organizations o ON o.id = coalesce(f.organization_id, m.organization_id)
      LEFT JOIN users u ON u.id = coalesce(f.redeemed_by, m.completed_by)
      ORDER BY page.at DESC, page.id DESC`.execute(db),
    sql<{ kind: string; fuel_type: string | null; count: string; amount_kobo: string; volume: string | null }>`
      SELECT kind, fuel_type, count(*) AS count, sum(amount_kobo) AS amount_kobo, sum(volume) AS volume
      FROM (${period}) p GROUP BY kind, fuel_type`.execute(db),
  ]);
  return { rows: page.rows, totals: totals.rows };
}

/** The station's approved coupons not yet expired, soonest expiry first, through the index of open coupons (migration 0024). */
export async function openCouponRows(db: Database, stationId: string, now: Date) {
  return db
    .selectFrom('fuel_requests as f')
    .innerJoin('vehicles as v', 'v.id', 'f.vehicle_id')
    .innerJoin('organizations as o', 'o.id', 'f.organization_id')
    .select([
      'f.id',
      'f.coupon_code',
      'v.plate_number',
      'f.fuel_type',
      'f.volume',
      'f.coupon_expires_at',
      'o.name as organization_name',
      'o.require_driver_confirmation',
      'o.require_vehicle_scan',
      'o.require_odometer_at_pump',
      'o.require_odometer_photo',
      'f.vehicle_id',
      'f.price_kobo',
    ])
    .where('f.station_id', '=', stationId)
    .where('f.status', '=', 'APPROVED')
    .where('f.coupon_expires_at', '>', now)
    .where('f.coupon_code', 'is not', null)
    .$narrowType<{ coupon_code: NotNull; coupon_expires_at: NotNull; price_kobo: NotNull }>()
    .orderBy('f.coupon_expires_at')
    .orderBy('f.id')
    .limit(OPEN_COUPONS_MAX)
    .execute();
}
