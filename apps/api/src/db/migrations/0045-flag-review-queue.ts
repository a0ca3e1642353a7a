/**
 * The review queue of anomaly flags (issue 44): one row a flag a fuel request raised, so that a
 * manager can judge it (OPEN → LEGITIMATE, SUSPECTED or CONFIRMED_FRAUD) and the queue pages on an
 * index rather than reading every request's JSON. The request keeps its `flags` column for its own
 * views; a flag raised again at the pump updates its row (one a request and code).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE request_flags (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organization_id uuid NOT NULL REFERENCES organizations (id),
    fuel_request_id uuid NOT NULL REFERENCES fuel_requests (id),
    code text NOT NULL,
    severity text NOT NULL CHECK (severity IN ('warning', 'critical')),
    message text NOT NULL,
    step text NOT NULL CHECK (step IN ('REQUEST', 'REDEMPTION')),
    status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'LEGITIMATE', 'SUSPECTED', 'CONFIRMED_FRAUD')),
    note text,
    recovered_kobo bigint CHECK (recovered_kobo >= 0),
    reviewed_by uuid REFERENCES users (id),
    reviewed_at timestamptz,
    raised_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (fuel_request_id, code),
    CHECK ((status = 'OPEN') = (reviewed_at IS NULL)),
    CHECK (recovered_kobo IS NULL OR status = 'CONFIRMED_FRAUD')
  )`.execute(db);
  // The queue: one organization's flags of a status, newest first (ties by id, so pages never overlap).
  await sql`CREATE INDEX request_flags_queue ON request_flags (organization_id, status, raised_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX request_flags_newest ON request_flags (organization_id, raised_at DESC, id DESC)`.execute(db);
  // The flags the requests already carry join the queue, dated when their request was made.
  await sql`INSERT INTO request_flags (organization_id, fuel_request_id, code, severity, message, step, raised_at)
    SELECT r.organization_id, r.id, f.value->>'code', f.value->>'severity', f.value->>'message',
      CASE WHEN r.status = 'COMPLETED' THEN 'REDEMPTION' ELSE 'REQUEST' END,
      coalesce(r.redeemed_at, r.created_at)
    FROM fuel_requests r CROSS JOIN LATERAL jsonb_array_elements(r.flags) AS f
    WHERE r.flags <> '[]'::jsonb
    ON CONFLICT (fuel_request_id, code) DO NOTHING`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
