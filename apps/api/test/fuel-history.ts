/** Fuel requests written straight into the table as finished history, for figures computed by hand. */
import type { Database } from '../src/platform/db/database.js';

export interface CompletedFill {
  organizationId: string;
  vehicleId: string;
  stationId: string;
  /** Who requested, approved and redeemed it. */
  by: string;
  driverId?: string | null;
  fuelType?: 'PETROL' | 'DIESEL' | 'ELECTRIC';
  /** The supply day, `YYYY-MM-DD`: created at 07:00, approved at 08:00, redeemed at 12:00 UTC. */
  day: string;
  /** Litres (kWh for an electric asset), requested and dispensed alike. */
  volume: number;
  amountKobo: number;
  feeKobo?: number;
  odometer: number | null;
}

/**
 * A writer of COMPLETED fuel requests at ₦950 a litre, each with the next coupon code of
 * `couponPrefix` (`EFF-0001`, `EFF-0002`, …).
 */
export function completedFills(db: Database, couponPrefix: string): (fill: CompletedFill) => Promise<unknown> {
  let code = 0;
  return async ({ day, volume, by, ...fill }) => {
    code += 1;
    return db
      .insertInto('fuel_requests')
      .values({
        organization_id: fill.organizationId,
        vehicle_id: fill.vehicleId,
        station_id: fill.stationId,
        requested_by: by,
        driver_id: fill.driverId ?? null,
        fuel_type: fill.fuelType ?? 'PETROL',
        volume,
        supply_date: day,
        status: 'COMPLETED',
        approved_by: by,
        approved_at: `${day}T08:00:00Z`,
        price_kobo: '95000',
        coupon_code: `${couponPrefix}-${code.toString().padStart(4, '0')}`,
        redeemed_by: by,
        redeemed_at: `${day}T12:00:00Z`,
        dispensed_volume: volume,
        amount_kobo: String(fill.amountKobo),
        fee_kobo: String(fill.feeKobo ?? 0),
        odometer: fill.odometer,
        created_at: `${day}T07:00:00Z`,
      })
      .execute();
  };
}
