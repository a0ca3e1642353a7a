/**
 * Fuel and maintenance requests through their lifecycle (PENDING → APPROVED or REJECTED →
 * COMPLETED, or EXPIRED when an approved coupon is not redeemed in time), with what approval
 * locked in (price, hold, coupon) and what redemption recorded (who, when, how much). Reserve
 * draws remember which reserve gave how much, so that a release restores exactly that.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE vehicles ADD CONSTRAINT vehicles_id_organization_key UNIQUE (id, organization_id)`.execute(db);

  await sql`
    CREATE TABLE fuel_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id),
      vehicle_id uuid NOT NULL,
      requested_by uuid NOT NULL REFERENCES users (id),
      station_id uuid NOT NULL REFERENCES fuel_stations (id),
      fuel_type text NOT NULL CHECK (fuel_type IN ('PETROL', 'DIESEL', 'ELECTRIC', 'CNG')),
      volume numeric(10, 2) NOT NULL CHECK (volume > 0),
      supply_date date NOT NULL,
      odometer numeric(12, 1) CHECK (odometer > 0),
      tank_level integer CHECK (tank_level IN (0, 10, 20, 30, 40, 50, 60, 70)),
      note text,
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'COMPLETED', 'EXPIRED')),
      approved_by uuid REFERENCES users (id),
      approved_at timestamptz,
      price_kobo bigint CHECK (price_kobo > 0),
      hold_kobo bigint CHECK (hold_kobo > 0),
      coupon_code text UNIQUE,
      coupon_expires_at timestamptz,
      rejected_by uuid REFERENCES users (id),
      rejected_at timestamptz,
      rejection_note text,
      redeemed_by uuid REFERENCES users (id),
      redeemed_at timestamptz,
      dispensed_volume numeric(10, 2) CHECK (dispensed_volume > 0 AND dispensed_volume <= volume),
      amount_kobo bigint CHECK (amount_kobo >= 0),
      fee_kobo bigint CHECK (fee_kobo >= 0),
      payment_entry_id uuid REFERENCES journal_entries (id),
      expired_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (vehicle_id, organization_id) REFERENCES vehicles (id, organization_id),
      CHECK (status IN ('PENDING', 'REJECTED') OR (approved_at IS NOT NULL AND price_kobo IS NOT NULL AND coupon_code IS NOT NULL)),
      CHECK (status <> 'REJECTED' OR rejected_at IS NOT NULL),
      CHECK (status <> 'COMPLETED' OR (redeemed_at IS NOT NULL AND dispensed_volume IS NOT NULL AND amount_kobo IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX fuel_requests_organization ON fuel_requests (organization_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX fuel_requests_vehicle ON fuel_requests (vehicle_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX fuel_requests_station ON fuel_requests (station_id, status, created_at DESC)`.execute(db);
  await sql`CREATE INDEX fuel_requests_requester ON fuel_requests (requested_by, created_at DESC)`.execute(db);
  await sql`CREATE INDEX fuel_requests_expiring ON fuel_requests (coupon_expires_at) WHERE status = 'APPROVED'`.execute(db);
  await sql`CREATE INDEX fuel_requests_supply_day ON fuel_requests (supply_date, status)`.execute(db);

  await sql`
    CREATE TABLE reserve_draws (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      fuel_request_id uuid NOT NULL REFERENCES fuel_requests (id),
      reserve_id uuid NOT NULL REFERENCES fuel_reserves (id),
      volume numeric(12, 2) NOT NULL CHECK (volume > 0),
      returned numeric(12, 2) NOT NULL DEFAULT 0 CHECK (returned >= 0 AND returned <= volume),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX reserve_draws_request ON reserve_draws (fuel_request_id)`.execute(db);

  await sql`
    CREATE TABLE maintenance_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id),
      vehicle_id uuid NOT NULL,
      requested_by uuid NOT NULL REFERENCES users (id),
      station_id uuid REFERENCES fuel_stations (id),
      description text NOT NULL,
      service_date date NOT NULL,
      cost_kobo bigint NOT NULL CHECK (cost_kobo > 0),
      final_cost_kobo bigint CHECK (final_cost_kobo > 0 AND final_cost_kobo <= cost_kobo),
      odometer numeric(12, 1) CHECK (odometer > 0),
      tank_level integer CHECK (tank_level IN (0, 10, 20, 30, 40, 50, 60, 70)),
      note text,
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'COMPLETED', 'EXPIRED')),
      approved_by uuid REFERENCES users (id),
      approved_at timestamptz,
      hold_kobo bigint CHECK (hold_kobo > 0),
      coupon_code text UNIQUE,
      rejected_by uuid REFERENCES users (id),
      rejected_at timestamptz,
      rejection_note text,
      completed_by uuid REFERENCES users (id),
      completed_at timestamptz,
      amount_kobo bigint CHECK (amount_kobo >= 0),
      fee_kobo bigint CHECK (fee_kobo >= 0),
      payment_entry_id uuid REFERENCES journal_entries (id),
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (vehicle_id, organization_id) REFERENCES vehicles (id, organization_id),
      CHECK (status IN ('PENDING', 'REJECTED') OR (approved_at IS NOT NULL AND coupon_code IS NOT NULL)),
      CHECK (status <> 'COMPLETED' OR (completed_at IS NOT NULL AND amount_kobo IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX maintenance_requests_organization ON maintenance_requests (organization_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX maintenance_requests_vehicle ON maintenance_requests (vehicle_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX maintenance_requests_station ON maintenance_requests (station_id, status, created_at DESC)`.execute(db);
  await sql`CREATE INDEX maintenance_requests_requester ON maintenance_requests (requested_by, created_at DESC)`.execute(db);
  await sql`CREATE INDEX maintenance_requests_open ON maintenance_requests (vehicle_id) WHERE status = 'APPROVED'`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
