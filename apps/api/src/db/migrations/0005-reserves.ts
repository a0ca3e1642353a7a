/**
 * Fuel reserves: an organization's budget of one fuel type in its unit (litres, kWh, kg),
 * requested by its admins, approved into ACTIVE by the organization admin, and drawn down by
 * approved fuel requests of that type.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE fuel_reserves (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id),
      fuel_type text NOT NULL CHECK (fuel_type IN ('PETROL', 'DIESEL', 'ELECTRIC', 'CNG')),
      amount numeric(12, 2) NOT NULL CHECK (amount > 0),
      remaining numeric(12, 2) NOT NULL CHECK (remaining >= 0),
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'ACTIVE', 'INACTIVE')),
      note text,
      requested_by uuid REFERENCES users (id),
      approved_by uuid REFERENCES users (id),
      approved_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (remaining <= amount),
      CHECK ((status = 'PENDING') = (approved_at IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX fuel_reserves_organization ON fuel_reserves (organization_id, fuel_type, status)`.execute(db);
  await sql`CREATE INDEX fuel_reserves_created ON fuel_reserves (organization_id, created_at DESC)`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
