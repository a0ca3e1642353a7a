/**
 * Signed webhooks (issue 14): endpoints an organization admin registers, and the outbox of their
 * deliveries. A delivery row is written in the transaction of the event it tells about, so a
 * rolled-back change sends nothing and a committed one is sent at least once. `seq` orders the
 * deliveries of one record to one endpoint: only the oldest PENDING one of them may be sent.
 * An endpoint's signing secret is sealed with a key derived from APP_SECRET.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE webhook_endpoints (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organization_id uuid NOT NULL REFERENCES organizations (id),
    url text NOT NULL CHECK (length(url) BETWEEN 1 AND 2000),
    events text[] NOT NULL CHECK (cardinality(events) > 0),
    secret_sealed text NOT NULL,
    created_by uuid NOT NULL REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
  )`.execute(db);
  await sql`CREATE INDEX webhook_endpoints_organization ON webhook_endpoints (organization_id, created_at DESC) WHERE deleted_at IS NULL`.execute(
    db,
  );

  await sql`CREATE TABLE webhook_deliveries (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    seq bigserial NOT NULL UNIQUE,
    endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id),
    organization_id uuid NOT NULL REFERENCES organizations (id),
    event_id uuid NOT NULL,
    event text NOT NULL CHECK (event ~ '^[a-z_]+\\.[a-z_]+$'),
    record_key text NOT NULL CHECK (length(record_key) BETWEEN 1 AND 200),
    payload jsonb NOT NULL,
    status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
    attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    delivered_at timestamptz,
    UNIQUE (endpoint_id, event_id)
  )`.execute(db);
  // The dispatcher's claim: due PENDING deliveries in order, and the older PENDING one of a record.
  await sql`CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, seq) WHERE status = 'PENDING'`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_record ON webhook_deliveries (endpoint_id, record_key, seq) WHERE status = 'PENDING'`.execute(
    db,
  );
  // An endpoint's deliveries, newest first.
  await sql`CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, seq DESC)`.execute(db);

  await sql`CREATE TABLE webhook_delivery_attempts (
    id bigserial PRIMARY KEY,
    delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id),
    attempted_at timestamptz NOT NULL,
    status_code integer,
    error text CHECK (length(error) <= 500),
    duration_ms integer NOT NULL CHECK (duration_ms >= 0)
  )`.execute(db);
  await sql`CREATE INDEX webhook_delivery_attempts_delivery ON webhook_delivery_attempts (delivery_id, id DESC)`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
