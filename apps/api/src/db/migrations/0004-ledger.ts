/**
 * The money of FleetFuel: a double-entry ledger. Accounts are the wallets of organizations and
 * stations and the platform's own accounts; every movement is one journal entry whose postings sum
 * to zero (checked at commit by a constraint trigger), written once and never changed (triggers
 * refuse UPDATE and DELETE). Wallet balances are cached on the account, kept equal to the sum of
 * postings by the one module that writes both, and never negative (CHECK). Holds reserve money
 * without moving it. Card payments and payouts are tracked beside the ledger with their provider
 * reference, so that a reference can credit or pay at most once.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE ledger_accounts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL CHECK (kind IN ('ORGANIZATION_WALLET', 'STATION_WALLET', 'CARD_CLEARING',
        'PAYOUT_CLEARING', 'PLATFORM_REVENUE', 'ADJUSTMENTS')),
      organization_id uuid UNIQUE REFERENCES organizations (id),
      fuel_station_id uuid UNIQUE REFERENCES fuel_stations (id),
      balance_kobo bigint NOT NULL DEFAULT 0,
      held_kobo bigint NOT NULL DEFAULT 0 CHECK (held_kobo >= 0),
      bank_account_number text CHECK (bank_account_number ~ '^[0-9]{10}$'),
      bank_code text,
      bank_name text,
      bank_account_name text,
      banking_verified_at timestamptz,
      transfer_recipient_code text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT wallet_never_negative CHECK (kind NOT IN ('ORGANIZATION_WALLET', 'STATION_WALLET') OR balance_kobo >= 0),
      CONSTRAINT holds_within_balance CHECK (held_kobo <= balance_kobo OR kind NOT IN ('ORGANIZATION_WALLET', 'STATION_WALLET')),
      CHECK ((kind = 'ORGANIZATION_WALLET') = (organization_id IS NOT NULL)),
      CHECK ((kind = 'STATION_WALLET') = (fuel_station_id IS NOT NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX ledger_accounts_one_platform_account ON ledger_accounts (kind)
    WHERE kind IN ('CARD_CLEARING', 'PAYOUT_CLEARING', 'PLATFORM_REVENUE', 'ADJUSTMENTS')`.execute(db);
  await sql`INSERT INTO ledger_accounts (kind) VALUES ('CARD_CLEARING'), ('PAYOUT_CLEARING'), ('PLATFORM_REVENUE'), ('ADJUSTMENTS')`.execute(
    db,
  );
  await sql`INSERT INTO ledger_accounts (kind, organization_id) SELECT 'ORGANIZATION_WALLET', id FROM organizations`.execute(db);
  await sql`INSERT INTO ledger_accounts (kind, fuel_station_id) SELECT 'STATION_WALLET', id FROM fuel_stations`.execute(db);

  await sql`
    CREATE TABLE journal_entries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      idempotency_key text NOT NULL UNIQUE,
      kind text NOT NULL,
      description text NOT NULL,
      reference text,
      created_by uuid REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`.execute(db);
  await sql`
    CREATE TABLE postings (
      id bigserial PRIMARY KEY,
      entry_id uuid NOT NULL REFERENCES journal_entries (id),
      account_id uuid NOT NULL REFERENCES ledger_accounts (id),
      amount_kobo bigint NOT NULL CHECK (amount_kobo <> 0),
      type text NOT NULL CHECK (type IN ('FUNDING', 'PAYMENT', 'PAYOUT', 'CREDIT', 'DEBIT', 'FEE', 'REFUND', 'SUBSCRIPTION')),
      note text,
      fee_kobo bigint NOT NULL DEFAULT 0 CHECK (fee_kobo >= 0),
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`.execute(db);
  await sql`CREATE INDEX postings_account_created ON postings (account_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX postings_entry ON postings (entry_id)`.execute(db);

  await sql`
    CREATE FUNCTION ledger_rows_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'journal rows are immutable: post a correcting entry instead' USING ERRCODE = 'P0001';
    END $$`.execute(db);
  for (const table of ['journal_entries', 'postings']) {
    await sql`CREATE TRIGGER ${sql.id(`${table}_immutable`)} BEFORE UPDATE OR DELETE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION ledger_rows_are_immutable()`.execute(db);
  }
  await sql`
    CREATE FUNCTION journal_entry_is_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE total bigint; n integer;
    BEGIN
      SELECT coalesce(sum(amount_kobo), 0), count(*) INTO total, n FROM postings WHERE entry_id = NEW.entry_id;
      IF total <> 0 OR n < 2 THEN
        RAISE EXCEPTION 'journal entry % is unbalanced (% postings summing to %)', NEW.entry_id, n, total USING ERRCODE = 'P0001';
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE CONSTRAINT TRIGGER postings_balanced AFTER INSERT ON postings
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_is_balanced()`.execute(db);

  await sql`
    CREATE TABLE holds (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id uuid NOT NULL REFERENCES ledger_accounts (id),
      amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
      reason text NOT NULL,
      reference text NOT NULL UNIQUE,
      status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'CAPTURED', 'RELEASED')),
      created_at timestamptz NOT NULL DEFAULT now(),
      closed_at timestamptz,
      CHECK ((status = 'OPEN') = (closed_at IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX holds_account_open ON holds (account_id) WHERE status = 'OPEN'`.execute(db);

  await sql`
    CREATE TABLE card_payments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      reference text NOT NULL UNIQUE,
      provider text NOT NULL,
      purpose text NOT NULL CHECK (purpose IN ('WALLET_FUNDING', 'SUBSCRIPTION')),
      account_id uuid NOT NULL REFERENCES ledger_accounts (id),
      organization_id uuid NOT NULL REFERENCES organizations (id),
      subscription_plan_id uuid REFERENCES subscription_plans (id),
      amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SUCCESS', 'FAILED')),
      failure_reason text,
      entry_id uuid REFERENCES journal_entries (id),
      initiated_by uuid REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      completed_at timestamptz,
      CHECK (purpose <> 'SUBSCRIPTION' OR subscription_plan_id IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX card_payments_account ON card_payments (account_id, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE payouts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      reference text NOT NULL UNIQUE,
      provider text NOT NULL,
      account_id uuid NOT NULL REFERENCES ledger_accounts (id),
      amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
      bank_account_number text NOT NULL,
      bank_code text NOT NULL,
      bank_account_name text NOT NULL,
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SUCCESS', 'FAILED', 'REVERSED')),
      transfer_code text,
      failure_reason text,
      attempts integer NOT NULL DEFAULT 0,
      entry_id uuid NOT NULL REFERENCES journal_entries (id),
      reversal_entry_id uuid REFERENCES journal_entries (id),
      initiated_by uuid REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      completed_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX payouts_account ON payouts (account_id, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE idempotency_keys (
      user_id uuid NOT NULL REFERENCES users (id),
      key text NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
      route text NOT NULL,
      request_hash text NOT NULL,
      status_code integer,
      response jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, key)
    )`.execute(db);

  await sql`
    CREATE TABLE sandbox_charges (
      reference text PRIMARY KEY,
      amount_kobo bigint NOT NULL,
      email text NOT NULL,
      callback_url text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'success', 'failed')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE sandbox_transfers (
      reference text PRIMARY KEY,
      amount_kobo bigint NOT NULL,
      recipient_code text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'success', 'failed', 'reversed')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
