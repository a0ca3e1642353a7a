/**
 * The fleet of an organization: groups (departments), assets (vehicles, generators, motorcycles),
 * the history of driver assignments, and insurance policies. Composite foreign keys carry the
 * organization, so a vehicle can only point at a driver or a group of its own organization.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE departments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
      status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'INACTIVE', 'SUSPENDED')),
      max_daily_consumption numeric(12, 2) NOT NULL DEFAULT 0 CHECK (max_daily_consumption >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (id, organization_id)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX departments_name_key ON departments (organization_id, lower(name))`.execute(db);
  await sql`CREATE INDEX departments_organization_created ON departments (organization_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX departments_search_trgm ON departments USING gin (name gin_trgm_ops)`.execute(db);

  await sql`ALTER TABLE users ADD CONSTRAINT users_id_organization_key UNIQUE (id, organization_id)`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN department_id uuid`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_department_fkey
    FOREIGN KEY (department_id, organization_id) REFERENCES departments (id, organization_id)`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_department_drivers_only CHECK (department_id IS NULL OR role = 'DRIVER')`.execute(db);
  await sql`CREATE INDEX users_department ON users (department_id) WHERE department_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE vehicles (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id),
      plate_number text CHECK (length(plate_number) BETWEEN 1 AND 20),
      model text NOT NULL CHECK (length(model) BETWEEN 1 AND 80),
      make text NOT NULL CHECK (length(make) BETWEEN 1 AND 80),
      type text NOT NULL CHECK (type IN ('VEHICLE', 'GENERATOR', 'MOTORCYCLE')),
      fuel_type text NOT NULL CHECK (fuel_type IN ('PETROL', 'DIESEL', 'ELECTRIC', 'HYBRID')),
      driver_id uuid,
      department_id uuid,
      registration_number text,
      chasis_number text,
      transmission_type text CHECK (transmission_type IN ('auto', 'manual', 'continuously-variable')),
      color text,
      date_purchase date,
      registration_state text,
      registration_expiry date,
      year integer CHECK (year BETWEEN 1950 AND 2100),
      state text,
      security_number text,
      purchase_price_kobo bigint CHECK (purchase_price_kobo >= 0),
      tank_size numeric(10, 2) CHECK (tank_size > 0),
      status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'UNDER_MAINTENANCE', 'INACTIVE')),
      image_key text REFERENCES files (storage_key),
      last_odometer numeric(12, 1) CHECK (last_odometer >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (driver_id, organization_id) REFERENCES users (id, organization_id),
      FOREIGN KEY (department_id, organization_id) REFERENCES departments (id, organization_id),
      CHECK (type = 'VEHICLE' OR (registration_state IS NULL AND registration_expiry IS NULL
        AND chasis_number IS NULL AND transmission_type IS NULL)),
      CHECK (type = 'GENERATOR' OR plate_number IS NOT NULL)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX vehicles_driver_key ON vehicles (driver_id) WHERE driver_id IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX vehicles_plate_key ON vehicles (organization_id, upper(plate_number)) WHERE plate_number IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX vehicles_organization_created ON vehicles (organization_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX vehicles_organization_status ON vehicles (organization_id, status, type)`.execute(db);
  await sql`CREATE INDEX vehicles_department ON vehicles (department_id) WHERE department_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX vehicles_search_trgm ON vehicles USING gin
    ((coalesce(plate_number, '') || ' ' || make || ' ' || model || ' ' || coalesce(registration_number, '')) gin_trgm_ops)`.execute(db);

  await sql`
    CREATE TABLE vehicle_assignments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id),
      vehicle_id uuid NOT NULL REFERENCES vehicles (id),
      driver_id uuid NOT NULL REFERENCES users (id),
      assigned_at timestamptz NOT NULL DEFAULT now(),
      assigned_by uuid REFERENCES users (id),
      unassigned_at timestamptz,
      unassigned_by uuid REFERENCES users (id)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX vehicle_assignments_open_vehicle ON vehicle_assignments (vehicle_id) WHERE unassigned_at IS NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX vehicle_assignments_open_driver ON vehicle_assignments (driver_id) WHERE unassigned_at IS NULL`.execute(db);
  await sql`CREATE INDEX vehicle_assignments_driver ON vehicle_assignments (driver_id, assigned_at DESC)`.execute(db);

  await sql`
    CREATE TABLE insurance_policies (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations (id),
      vehicle_id uuid NOT NULL REFERENCES vehicles (id),
      insurer_name text NOT NULL,
      insurance_type text NOT NULL,
      insurance_number text NOT NULL,
      coverage_start date NOT NULL,
      coverage_end date NOT NULL,
      amount_kobo bigint NOT NULL CHECK (amount_kobo >= 0),
      document_key text REFERENCES files (storage_key),
      recorded_by uuid REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      CHECK (coverage_end >= coverage_start)
    )`.execute(db);
  await sql`CREATE INDEX insurance_policies_vehicle ON insurance_policies (vehicle_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX insurance_policies_organization_end ON insurance_policies (organization_id, coverage_end)`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
