/**
 * Overrides at the pump (issue 44): a fill that breaks a SOFT fuel policy asks the organization's
 * admin to let it through. One open override (PENDING or APPROVED) a request at a time; an approval
 * covers up to the litres asked until `expires_at`, and is spent (USED) by the redemption it lets through.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE policy_overrides (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organization_id uuid NOT NULL REFERENCES organizations (id),
    fuel_request_id uuid NOT NULL REFERENCES fuel_requests (id),
    station_id uuid NOT NULL REFERENCES fuel_stations (id),
    requested_by uuid NOT NULL REFERENCES users (id),
    dispensed_volume numeric(12, 2) NOT NULL CHECK (dispensed_volume > 0),
    breaches jsonb NOT NULL CHECK (jsonb_typeof(breaches) = 'array'),
    status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'DECLINED', 'USED', 'EXPIRED')),
    decided_by uuid REFERENCES users (id),
    decided_at timestamptz,
    note text CHECK (length(note) <= 300),
    expires_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((status = 'APPROVED') <= (expires_at IS NOT NULL))
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX policy_overrides_one_open ON policy_overrides (fuel_request_id) WHERE status IN ('PENDING', 'APPROVED')`.execute(
    db,
  );
  await sql`CREATE INDEX policy_overrides_queue ON policy_overrides (organization_id, status, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX policy_overrides_request ON policy_overrides (fuel_request_id, created_at DESC)`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
