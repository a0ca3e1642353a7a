/**
 * A station's redemptions in a period, with their totals, and the coupons it may still redeem (its
 * devices' offline list); the SQL is station-redemptions.repository.ts.
 */
import { FUEL_UNITS, koboToNaira, type OpenCouponsReply, type SoldFuelType, type StationRedemption } from '@fleetfuel/contract';
import { addDays, lagosDate, lagosDayStart, type Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import * as repository from './station-redemptions.repository.js';

export function createStationRedemptions(deps: { db: Database; clock: Clock }) {
  const { db } = deps;

  return {
    async list(actor: Actor, query: { from?: string | undefined; to?: string | undefined; page: number; pageSize: number }) {
      const stationId = actor.fuelStationId;
      if (!stationId) throw notFound('Fuel station');
      const today = lagosDate(deps.clock.now());
      const start = lagosDayStart(query.from ?? today);
      const end = lagosDayStart(addDays(query.to ?? query.from ?? today, 1));

      const { rows, totals } = await repository.redemptionsInPeriod(db, stationId, { start, end }, query);

      let count = 0;
      let fuelCount = 0;
      let amountKobo = 0n;
      const volumes = new Map<string, number>();
      for (const row of totals) {
        const n = Number(row.count);
        count += n;
        if (row.kind === 'FUEL') fuelCount += n;
        amountKobo += BigInt(row.amount_kobo);
        if (row.fuel_type) {
          const unit = FUEL_UNITS[row.fuel_type as SoldFuelType];
          volumes.set(unit, (volumes.get(unit) ?? 0) + Number(row.volume ?? 0));
        }
      }

      const redemptions: StationRedemption[] = rows.map((row) => ({
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

    /** The station's coupons that may still be redeemed, for its devices to check coupons with no network. */
    async openCoupons(actor: Actor): Promise<OpenCouponsReply> {
      const stationId = actor.fuelStationId;
      if (!stationId) throw notFound('Fuel station');
      const now = deps.clock.now();
      const rows = await repository.openCouponRows(db, stationId, now);
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
          odometerRequired: row.require_odometer_at_pump,
          odometerPhotoRequired: row.require_odometer_photo,
        })),
        generatedAt: now.toISOString(),
      };
    },
  };
}

export type StationRedemptions = ReturnType<typeof createStationRedemptions>;
