/**
 * The reads of attendant accountability (issue 42): a period's completed fuel redemptions, judged
 * fill by fill for the patterns of attendant-patterns.ts and counted per attendant and station,
 * and the driver–attendant pairs with enough fills to judge. A station's period is read through
 * its (station, redemption time) index (0022), an organization's through (organization, redemption
 * time) (0020); the service bounds the period.
 */
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import { MIN_PAIR_FILLS, NEAR_MAXIMUM_PERCENT, REPEAT_VEHICLE_MINUTES, ROUND_VOLUME_STEP } from './rules/attendant-patterns.js';

export interface FigureScope {
  stationId: string | null;
  organizationId: string | null;
  start: Date;
  end: Date;
}

/** The scope's completed fills, each with the time since its vehicle's previous fill in the period. */
function fills(scope: FigureScope) {
  return sql`
    SELECT f.station_id, f.redeemed_by, f.driver_id, f.dispensed_volume AS d, f.volume AS m, f.amount_kobo,
           f.redeemed_at - lag(f.redeemed_at) OVER (PARTITION BY f.vehicle_id ORDER BY f.redeemed_at) AS since_previous,
           (f.redeemed_at AT TIME ZONE 'Africa/Lagos')::time AS at_time
    FROM fuel_requests f
    WHERE f.status = 'COMPLETED' AND f.redeemed_at >= ${scope.start} AND f.redeemed_at < ${scope.end}
      ${scope.stationId === null ? sql`` : sql`AND f.station_id = ${scope.stationId}`}
      ${scope.organizationId === null ? sql`` : sql`AND f.organization_id = ${scope.organizationId}`}`;
}

export interface TallyRow {
  station_id: string;
  station_name: string;
  opens_at: string | null;
  closes_at: string | null;
  attendant_id: string;
  attendant_name: string;
  redemptions: string;
  litres: string;
  amount_kobo: string;
  near_maximum: string;
  round_volumes: string;
  repeat_vehicle: string;
  outside_hours: string;
  flagged: string;
}

export async function attendantTallies(db: Database, scope: FigureScope): Promise<TallyRow[]> {
  const { rows } = await sql<TallyRow>`
    WITH judged AS (
      SELECT x.*, s.opens_at, s.closes_at,
             (x.d < x.m AND x.d >= x.m * ${(100 - NEAR_MAXIMUM_PERCENT) / 100}) AS near_maximum,
             (x.d < x.m AND x.d >= ${ROUND_VOLUME_STEP} AND mod(x.d, ${ROUND_VOLUME_STEP}) = 0) AS round_volume,
             coalesce(x.since_previous < make_interval(mins => ${REPEAT_VEHICLE_MINUTES}), false) AS repeat_vehicle,
             CASE WHEN s.opens_at IS NULL THEN false
                  WHEN s.opens_at < s.closes_at THEN NOT (x.at_time >= s.opens_at AND x.at_time < s.closes_at)
                  ELSE NOT (x.at_time >= s.opens_at OR x.at_time < s.closes_at) END AS outside_hours
      FROM (${fills(scope)}) x
      JOIN fuel_stations s ON s.id = x.station_id
      WHERE x.redeemed_by IS NOT NULL
    )
    SELECT j.station_id, s.name AS station_name, s.opens_at::text AS opens_at, s.closes_at::text AS closes_at,
           j.redeemed_by AS attendant_id, u.name AS attendant_name,
           count(*) AS redemptions, sum(j.d) AS litres, sum(j.amount_kobo) AS amount_kobo,
           count(*) FILTER (WHERE j.near_maximum) AS near_maximum,
           count(*) FILTER (WHERE j.round_volume) AS round_volumes,
           count(*) FILTER (WHERE j.repeat_vehicle) AS repeat_vehicle,
           count(*) FILTER (WHERE j.outside_hours) AS outside_hours,
           count(*) FILTER (WHERE j.near_maximum OR j.round_volume OR j.repeat_vehicle OR j.outside_hours) AS flagged
    FROM judged j
    JOIN fuel_stations s ON s.id = j.station_id
    JOIN users u ON u.id = j.redeemed_by
    GROUP BY j.station_id, s.name, s.opens_at, s.closes_at, j.redeemed_by, u.name
    ORDER BY s.name, count(*) DESC, u.name`.execute(db);
  return rows;
}

export interface PairRow {
  station_id: string;
  attendant_id: string;
  driver_name: string;
  pair_fills: string;
  driver_fills: string;
}

/** Driver–attendant pairs with enough fills to judge, with each driver's fills at that station. */
export async function driverPairs(db: Database, scope: FigureScope): Promise<PairRow[]> {
  const { rows } = await sql<PairRow>`
    SELECT p.station_id, p.redeemed_by AS attendant_id, u.name AS driver_name, p.pair_fills, p.driver_fills
    FROM (
      SELECT x.station_id, x.redeemed_by, x.driver_id, count(*) AS pair_fills,
             sum(count(*)) OVER (PARTITION BY x.station_id, x.driver_id) AS driver_fills
      FROM (${fills(scope)}) x
      WHERE x.redeemed_by IS NOT NULL AND x.driver_id IS NOT NULL
      GROUP BY x.station_id, x.redeemed_by, x.driver_id
    ) p
    JOIN users u ON u.id = p.driver_id
    WHERE p.pair_fills >= ${MIN_PAIR_FILLS}`.execute(db);
  return rows;
}
