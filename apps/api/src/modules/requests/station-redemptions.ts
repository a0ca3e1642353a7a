/**
 * A station's redemptions in a period, and the coupons it may still redeem (its devices' offline list).
 * The redemptions: the fuel coupons it redeemed and the maintenance jobs it
 * completed, one list newest first. Each kind is read through its own (station, time) index
 * (migration 0022), so a day's list of a busy station reads that day's rows only; the page's
 * vehicles, organizations and people are joined after the page is cut.
 */
import {
  FUEL_UNITS,
  OPEN_COUPONS_MAX,
  koboToNaira,
  redemptionRoutes,
  type OpenCouponsReply,
  type SoldFuelType,
  type StationRedemption,
} from '@fleetfuel/contract';
import { sql, type NotNull } from 'kysely';
import type { Actor } from '../../platform/http/actor.js';
import { addDays, lagosDate, lagosDayStart, type Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { notFound } from '../../platform/errors.js';
import type { RouteBinder } from '../../platform/http/routing.js';

interface RedemptionRow {
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

export function createStationRedemptions(deps: { db: Database; clock: Clock }) {
  const { db } = deps;

  return {
    async list(actor: Actor, query: { from?: string | undefined; to?: string | undefined; page: number; pageSize: number }) {
      const stationId = actor.fuelStationId;
      if (!stationId) throw notFound('Fuel station');
      const today = lagosDate(deps.clock.now());
      const start = lagosDayStart(query.from ?? today);
      const end = lagosDayStart(addDays(query.to ?? query.from ?? today, 1));

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
          WITH page AS (SELECT kind, id, at FROM (${period}) p ORDER BY at DESC, id DESC LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize})
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

      let count = 0;
      let fuelCount = 0;
      let amountKobo = 0n;
      const volumes = new Map<string, number>();
      for (const row of totals.rows) {
        const n = Number(row.count);
        count += n;
        if (row.kind === 'FUEL') fuelCount += n;
        amountKobo += BigInt(row.amount_kobo);
        if (row.fuel_type) {
          const unit = FUEL_UNITS[row.fuel_type as SoldFuelType];
          volumes.set(unit, (volumes.get(unit) ?? 0) + Number(row.volume ?? 0));
        }
      }

      const redemptions: StationRedemption[] = page.rows.map((row) => ({
        kind: row.kind,
        id: row.id,
        redeemedAt: new Date(row.at).toISOString(),
        vehicle: { id: row.vehicle_id, plateNumber: row.plate_number, make: row.make, model: row.model },
        organization: { id: row.organization_id, name: row.organization_name },
        fuelType: row.fuel_type,
        volume: row.volume === null ? null : Number(row.volume),
        unit: row.fuel_type ? FUEL_UNITS[row.fuel_type as SoldFuelType] : null,
        description: row.description,
        amount: koboToNaira(row.amount_kobo),
        redeemedBy: row.by_id && row.by_name ? { id: row.by_id, name: row.by_name } : null,
      }));

      return {
        redemptions,
        summary: {
          count,
          fuelCount,
          maintenanceCount: count - fuelCount,
          amount: koboToNaira(amountKobo),
          volumes: [...volumes].map(([unit, volume]) => ({ unit, volume: Math.round(volume * 100) / 100 })),
        },
        meta: { page: query.page, pageSize: query.pageSize, total: count },
      };
    },

    /**
     * The station's coupons that may still be redeemed, for its devices to check coupons with no
     * network: read through the (station, expiry) index of open coupons (migration 0024).
     */
    async openCoupons(actor: Actor): Promise<OpenCouponsReply> {
      const stationId = actor.fuelStationId;
      if (!stationId) throw notFound('Fuel station');
      const now = deps.clock.now();
      const rows = await db
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
      return {
        coupons: rows.map((row) => ({
          requestId: row.id,
          code: row.coupon_code,
          plate: row.plate_number,
          fuelType: row.fuel_type,
          maxVolume: Number(row.volume),
          expiresAt: row.coupon_expires_at.toISOString(),
          organizationName: row.organization_name,
          pricePerUnit: koboToNaira(row.price_kobo),
          driverConfirmationRequired: row.require_driver_confirmation,
          vehicleId: row.vehicle_id,
          vehicleScanRequired: row.require_vehicle_scan,
        })),
        generatedAt: now.toISOString(),
      };
    },
  };
}

export type StationRedemptions = ReturnType<typeof createStationRedemptions>;

export function bindStationRedemptionRoutes(binder: RouteBinder, redemptions: StationRedemptions): void {
  binder.bind(redemptionRoutes.station, ({ actor, query }) => redemptions.list(actor, query));
  binder.bind(redemptionRoutes.openCoupons, ({ actor }) => redemptions.openCoupons(actor));
}
