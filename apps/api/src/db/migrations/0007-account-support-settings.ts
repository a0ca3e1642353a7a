/**
 * What every user reaches: notification choices, support tickets with their replies, the
 * organization's own preferences (honoured by approvals and the due rule), and a record of daily
 * jobs so that several API instances run each day's job once.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE organizations
    ADD COLUMN default_station_id uuid REFERENCES fuel_stations (id),
    ADD COLUMN coupon_validity_days integer NOT NULL DEFAULT 3 CHECK (coupon_validity_days BETWEEN 1 AND 14),
    ADD COLUMN allow_expired_insurance boolean NOT NULL DEFAULT true,
    ADD COLUMN service_interval_days integer NOT NULL DEFAULT 90 CHECK (service_interval_days BETWEEN 7 AND 730),
    ADD COLUMN service_interval_km integer NOT NULL DEFAULT 5000 CHECK (service_interval_km BETWEEN 500 AND 100000)`.execute(db);

  await sql`
    CREATE TABLE notification_preferences (
      user_id uuid PRIMARY KEY REFERENCES users (id),
      request_decisions boolean NOT NULL DEFAULT true,
      coupon_redeemed boolean NOT NULL DEFAULT true,
      wallet_funded boolean NOT NULL DEFAULT true,
      expiry_warnings boolean NOT NULL DEFAULT true,
      subscription_due boolean NOT NULL DEFAULT true,
      support_replies boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE support_tickets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      opened_by uuid NOT NULL REFERENCES users (id),
      organization_id uuid REFERENCES organizations (id),
      fuel_station_id uuid REFERENCES fuel_stations (id),
      subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
      message text NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
      attachment_key text REFERENCES files (storage_key),
      status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'ANSWERED', 'CLOSED')),
      closed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`.execute(db);
  await sql`CREATE INDEX support_tickets_opener ON support_tickets (opened_by, updated_at DESC)`.execute(db);
  await sql`CREATE INDEX support_tickets_status ON support_tickets (status, updated_at DESC)`.execute(db);
  await sql`CREATE INDEX support_tickets_search_trgm ON support_tickets USING gin ((subject || ' ' || message) gin_trgm_ops)`.execute(db);

  await sql`
    CREATE TABLE support_replies (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      ticket_id uuid NOT NULL REFERENCES support_tickets (id),
      author_id uuid NOT NULL REFERENCES users (id),
      message text NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`.execute(db);
  await sql`CREATE INDEX support_replies_ticket ON support_replies (ticket_id, created_at)`.execute(db);

  await sql`
    CREATE TABLE job_runs (
      name text NOT NULL,
      run_date date NOT NULL,
      started_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (name, run_date)
    )`.execute(db);

  await sql`
    CREATE TABLE notifications_sent (
      key text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id),
      sent_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
