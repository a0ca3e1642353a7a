/**
 * Rollup rows that every redemption of an organization shared (issue 16). A rollup row is locked
 * by the change that increments it until that change commits, so a row every concurrent
 * redemption increments makes them commit one at a time:
 *
 * - `analytics_driver_months` (0029) counted every fill of a vehicle without a driver (every
 *   generator, every vehicle between drivers) on one row per organization, station and month.
 *   Those fills now spread over sixteen reserved driver ids, `…0000` to `…000f` by a hash of the
 *   request id (version-4 ids, which users have, never fall in that range); "Fuel by driver"
 *   reads the sixteen back as its one "No driver" row.
 * - `analytics_monthly_totals` (0011) spread each scope's month over four shards; ten concurrent
 *   redemptions met on them most of the time. `analytics_shard` now gives sixteen. Rows already
 *   written stay in shards 0–3: every reader sums the shards, so a later change of an old request
 *   that subtracts from its new shard leaves every sum exact (a single shard may go below zero).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE analytics_monthly_totals DROP CONSTRAINT analytics_monthly_totals_shard_check`.execute(db);
  await sql`ALTER TABLE analytics_monthly_totals ADD CONSTRAINT analytics_monthly_totals_shard_check CHECK (shard BETWEEN 0 AND 15)`.execute(
    db,
  );
  await sql`
    CREATE OR REPLACE FUNCTION analytics_shard(key text) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
      SELECT (hashtext(key) & 15)::smallint
    $$`.execute(db);

  // The driver key of a redemption: its driver, or one of the sixteen "no driver" ids.
  await sql`
    CREATE FUNCTION analytics_driver_key(r fuel_requests) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
      SELECT coalesce(r.driver_id, ('00000000-0000-0000-0000-00000000000' || to_hex(hashtext(r.id::text) & 15))::uuid)
    $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION analytics_driver_month_add(r fuel_requests, sign int) RETURNS void LANGUAGE sql AS $$
      INSERT INTO analytics_driver_months AS t (scope, scope_id, month, driver_id, redemptions, dispensed_volume)
      SELECT s.scope, s.scope_id, analytics_month(r.redeemed_at), analytics_driver_key(r),
        sign, sign * coalesce(r.dispensed_volume, 0)
      FROM (VALUES ('ORGANIZATION', r.organization_id), ('STATION', r.station_id)) AS s(scope, scope_id)
      WHERE s.scope_id IS NOT NULL
      ORDER BY s.scope
      ON CONFLICT (scope, scope_id, month, driver_id) DO UPDATE SET
        redemptions = t.redemptions + excluded.redemptions,
        dispensed_volume = t.dispensed_volume + excluded.dispensed_volume
    $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION analytics_redemptions_rebuild() RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM analytics_driver_months;
      INSERT INTO analytics_driver_months (scope, scope_id, month, driver_id, redemptions, dispensed_volume)
      SELECT s.scope, s.scope_id, analytics_month(r.redeemed_at), analytics_driver_key(r),
        count(*), coalesce(sum(r.dispensed_volume), 0)
      FROM fuel_requests r
      CROSS JOIN LATERAL (VALUES ('ORGANIZATION', r.organization_id), ('STATION', r.station_id)) AS s(scope, scope_id)
      WHERE r.status = 'COMPLETED' AND s.scope_id IS NOT NULL
      GROUP BY 1, 2, 3, 4;
      DELETE FROM analytics_station_reach;
      INSERT INTO analytics_station_reach (station_id, kind, subject_id)
      SELECT DISTINCT r.station_id, s.kind, s.subject_id
      FROM fuel_requests r
      CROSS JOIN LATERAL (VALUES ('ORGANIZATION', r.organization_id), ('REQUESTER', r.requested_by), ('VEHICLE', r.vehicle_id)) AS s(kind, subject_id)
      WHERE r.status = 'COMPLETED' AND r.station_id IS NOT NULL;
    END $$`.execute(db);

  // The single "no driver" rows written so far, spread as new ones are (the fills without a driver only).
  await sql`DELETE FROM analytics_driver_months WHERE driver_id = '00000000-0000-0000-0000-000000000000'`.execute(db);
  await sql`
    INSERT INTO analytics_driver_months (scope, scope_id, month, driver_id, redemptions, dispensed_volume)
    SELECT s.scope, s.scope_id, analytics_month(r.redeemed_at), analytics_driver_key(r), count(*), coalesce(sum(r.dispensed_volume), 0)
    FROM fuel_requests r
    CROSS JOIN LATERAL (VALUES ('ORGANIZATION', r.organization_id), ('STATION', r.station_id)) AS s(scope, scope_id)
    WHERE r.status = 'COMPLETED' AND r.driver_id IS NULL AND s.scope_id IS NOT NULL
    GROUP BY 1, 2, 3, 4`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
