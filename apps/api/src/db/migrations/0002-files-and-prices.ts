/**
 * Stored files (logos, station images, avatars, later vehicle images and insurance documents) with
 * the tenant they belong to, so that a file is served only to those who may see its record; and
 * station fuel prices, kept as an append-only history whose latest row per fuel is the price.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE files (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      storage_key text NOT NULL UNIQUE,
      purpose text NOT NULL CHECK (purpose IN ('ORGANIZATION_LOGO', 'STATION_IMAGE', 'USER_AVATAR',
        'VEHICLE_IMAGE', 'INSURANCE_DOCUMENT', 'SUPPORT_ATTACHMENT')),
      content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf')),
      size_bytes integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 10485760),
      original_name text,
      organization_id uuid REFERENCES organizations (id),
      fuel_station_id uuid REFERENCES fuel_stations (id),
      uploaded_by uuid REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX files_organization ON files (organization_id) WHERE organization_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX files_station ON files (fuel_station_id) WHERE fuel_station_id IS NOT NULL`.execute(db);

  for (const table of ['organizations', 'fuel_stations', 'users']) {
    await sql`ALTER TABLE ${sql.table(table)} ADD FOREIGN KEY (image_key) REFERENCES files (storage_key)`.execute(db);
  }

  await sql`
    CREATE TABLE fuel_prices (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      fuel_station_id uuid NOT NULL REFERENCES fuel_stations (id),
      fuel_type text NOT NULL CHECK (fuel_type IN ('PETROL', 'DIESEL', 'ELECTRIC', 'CNG')),
      price_kobo bigint NOT NULL CHECK (price_kobo > 0),
      set_by uuid REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`.execute(db);
  await sql`CREATE INDEX fuel_prices_current ON fuel_prices (fuel_station_id, fuel_type, created_at DESC)`.execute(db);
  await sql`CREATE INDEX fuel_prices_history ON fuel_prices (fuel_station_id, created_at DESC)`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
