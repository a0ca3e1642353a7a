/**
 * Identity and the two kinds of tenant: subscription plans, organizations, fuel stations, users,
 * sessions, password reset tokens and sign-in attempts. Enumerations are CHECK constraints so that
 * no code path can store a value the contract does not know.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await sql`
    CREATE TABLE subscription_plans (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
      status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'INACTIVE')),
      circle_days integer NOT NULL DEFAULT 30 CHECK (circle_days BETWEEN 1 AND 3660),
      amount_kobo bigint NOT NULL CHECK (amount_kobo >= 0),
      drivers_limit integer NOT NULL DEFAULT 0 CHECK (drivers_limit >= 0),
      assets_limit integer NOT NULL DEFAULT 0 CHECK (assets_limit >= 0),
      fuel_request_limit integer NOT NULL DEFAULT 0 CHECK (fuel_request_limit >= 0),
      maintenance_request_limit integer NOT NULL DEFAULT 0 CHECK (maintenance_request_limit >= 0),
      description text,
      is_default boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX subscription_plans_name_key ON subscription_plans (lower(name))`.execute(db);
  await sql`CREATE UNIQUE INDEX subscription_plans_one_default ON subscription_plans (is_default) WHERE is_default`.execute(db);

  await sql`
    CREATE TABLE organizations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 160),
      type text NOT NULL CHECK (type IN ('government_institution', 'private_organisation',
        'ngo_development_organisation', 'transport_logistics_company', 'real_estate_construction', 'other')),
      address text,
      status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'INACTIVE', 'SUSPENDED')),
      subscription_plan_id uuid REFERENCES subscription_plans (id),
      next_billing timestamptz,
      domain text,
      image_key text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (subscription_plan_id IS NULL OR next_billing IS NOT NULL)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX organizations_name_key ON organizations (lower(name))`.execute(db);
  await sql`CREATE INDEX organizations_search_trgm ON organizations
    USING gin ((name || ' ' || coalesce(domain, '') || ' ' || coalesce(address, '')) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX organizations_status_created ON organizations (status, created_at DESC)`.execute(db);
  await sql`CREATE INDEX organizations_created ON organizations (created_at DESC)`.execute(db);
  await sql`CREATE INDEX organizations_plan ON organizations (subscription_plan_id)`.execute(db);

  await sql`
    CREATE TABLE fuel_stations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 160),
      address text,
      latitude numeric(9, 6) CHECK (latitude BETWEEN -90 AND 90),
      longitude numeric(9, 6) CHECK (longitude BETWEEN -180 AND 180),
      status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'INACTIVE', 'SUSPENDED')),
      image_key text,
      available_fuels text[] NOT NULL DEFAULT '{}'
        CHECK (available_fuels <@ ARRAY['PETROL', 'DIESEL', 'ELECTRIC', 'CNG']::text[]),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX fuel_stations_search_trgm ON fuel_stations
    USING gin ((name || ' ' || coalesce(address, '')) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX fuel_stations_status_created ON fuel_stations (status, created_at DESC)`.execute(db);
  await sql`CREATE INDEX fuel_stations_created ON fuel_stations (created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
      title text,
      email text CHECK (email = lower(email)),
      phone text CHECK (phone ~ '^\\+234[0-9]{10}$'),
      role text NOT NULL CHECK (role IN ('ADMIN', 'ADMINISTRATOR', 'ASST_ADMINISTRATOR', 'DRIVER', 'ATTENDANT', 'STATION_REP')),
      organization_id uuid REFERENCES organizations (id),
      fuel_station_id uuid REFERENCES fuel_stations (id),
      password_hash text NOT NULL,
      image_key text,
      status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'INACTIVE')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (email IS NOT NULL OR phone IS NOT NULL),
      CHECK (
        (role IN ('ADMINISTRATOR', 'ASST_ADMINISTRATOR', 'DRIVER') AND organization_id IS NOT NULL AND fuel_station_id IS NULL)
        OR (role IN ('ATTENDANT', 'STATION_REP') AND fuel_station_id IS NOT NULL AND organization_id IS NULL)
        OR (role = 'ADMIN' AND organization_id IS NULL AND fuel_station_id IS NULL)
      )
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_key ON users (email) WHERE email IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX users_phone_key ON users (phone) WHERE phone IS NOT NULL`.execute(db);
  await sql`CREATE INDEX users_organization ON users (organization_id, role, created_at DESC)`.execute(db);
  await sql`CREATE INDEX users_station ON users (fuel_station_id, role, created_at DESC)`.execute(db);
  await sql`CREATE INDEX users_created ON users (created_at DESC)`.execute(db);
  await sql`CREATE INDEX users_search_trgm ON users
    USING gin ((name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '')) gin_trgm_ops)`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id),
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      ended_at timestamptz,
      end_reason text CHECK (end_reason IN ('LOGOUT', 'PASSWORD_RESET', 'PASSWORD_CHANGE', 'DISABLED', 'REVOKED')),
      user_agent text,
      ip_address text,
      CHECK ((ended_at IS NULL) = (end_reason IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX sessions_user ON sessions (user_id, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE password_reset_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX password_reset_tokens_user ON password_reset_tokens (user_id)`.execute(db);

  await sql`
    CREATE TABLE sign_in_attempts (
      id bigserial PRIMARY KEY,
      username text NOT NULL,
      ip_address text NOT NULL,
      succeeded boolean NOT NULL,
      attempted_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sign_in_attempts_username ON sign_in_attempts (username, attempted_at DESC)`.execute(db);
  await sql`CREATE INDEX sign_in_attempts_address ON sign_in_attempts (ip_address, attempted_at DESC)`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
