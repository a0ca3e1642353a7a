/**
 * Odometer evidence at the pump (issue 42): an organization may require the attendant to type the
 * odometer reading and to photograph it. The photos are stored files (purpose ODOMETER_PHOTO) listed
 * per request; a reading that jumps beyond what the vehicle could have driven is kept beside the
 * request, out of `odometer`, so that efficiency, the anomaly rules and the vehicle's last reading
 * (which all read `odometer`) never measure from it, and the reason it was left out is shown.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE organizations ADD COLUMN require_odometer_photo boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE organizations ADD COLUMN require_odometer_at_pump boolean NOT NULL DEFAULT false`.execute(db);

  await sql`ALTER TABLE fuel_requests ADD COLUMN odometer_excluded numeric(12, 1) CHECK (odometer_excluded > 0)`.execute(db);
  await sql`ALTER TABLE fuel_requests ADD COLUMN odometer_excluded_reason text
    CHECK ((odometer_excluded IS NULL) = (odometer_excluded_reason IS NULL))`.execute(db);

  await sql`ALTER TABLE files DROP CONSTRAINT files_purpose_check`.execute(db);
  await sql`ALTER TABLE files ADD CONSTRAINT files_purpose_check CHECK (purpose IN ('ORGANIZATION_LOGO', 'STATION_IMAGE',
    'USER_AVATAR', 'VEHICLE_IMAGE', 'INSURANCE_DOCUMENT', 'SUPPORT_ATTACHMENT', 'ODOMETER_PHOTO'))`.execute(db);

  await sql`CREATE TABLE fuel_request_evidence (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    fuel_request_id uuid NOT NULL REFERENCES fuel_requests (id),
    organization_id uuid NOT NULL REFERENCES organizations (id),
    fuel_station_id uuid NOT NULL REFERENCES fuel_stations (id),
    kind text NOT NULL CHECK (kind IN ('ODOMETER_PHOTO')),
    storage_key text NOT NULL UNIQUE REFERENCES files (storage_key),
    uploaded_by uuid NOT NULL REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX fuel_request_evidence_request ON fuel_request_evidence (fuel_request_id, created_at)`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
