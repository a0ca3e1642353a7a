/**
 * Follow-ups of redemptions recorded offline and refused when they were sent (issue 42). A station's
 * device that had no network let the attendant dispense and queued the redemption; if the server
 * then refuses it (expired meanwhile, redeemed elsewhere, the driver's confirmation needed…), the
 * fuel is gone and nobody pays for it. The refusal is written here, outside the refused
 * transaction, so the station representative settles it and the organization is alerted while it is
 * open.
 *
 * One row per queued redemption: the device's idempotency key is unique per station, so a resend
 * of the same refused redemption adds nothing. The request and its organization are null when the
 * coupon is not one of this station's: nothing of another tenant is recorded against the station.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE redemption_follow_ups (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    station_id uuid NOT NULL REFERENCES fuel_stations (id),
    organization_id uuid REFERENCES organizations (id),
    fuel_request_id uuid REFERENCES fuel_requests (id),
    idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
    coupon_code text,
    dispensed_volume numeric(12, 2) NOT NULL CHECK (dispensed_volume >= 0),
    amount_kobo bigint CHECK (amount_kobo >= 0),
    recorded_by uuid REFERENCES users (id),
    recorded_offline_at timestamptz NOT NULL,
    refused_at timestamptz NOT NULL DEFAULT now(),
    reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 1000),
    status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'RESOLVED')),
    resolved_at timestamptz,
    resolved_by uuid REFERENCES users (id),
    resolution_note text CHECK (length(resolution_note) <= 500),
    CHECK ((status = 'RESOLVED') = (resolved_at IS NOT NULL)),
    CHECK ((organization_id IS NULL) = (fuel_request_id IS NULL)),
    UNIQUE (station_id, idempotency_key)
  )`.execute(db);
  // The station's list, open ones first, newest first; and the alerts' open rows per station and per organization.
  await sql`CREATE INDEX redemption_follow_ups_station ON redemption_follow_ups (station_id, refused_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX redemption_follow_ups_open_station ON redemption_follow_ups (station_id, refused_at) WHERE status = 'OPEN'`.execute(
    db,
  );
  await sql`CREATE INDEX redemption_follow_ups_open_organization ON redemption_follow_ups (organization_id, refused_at)
    WHERE status = 'OPEN' AND organization_id IS NOT NULL`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
