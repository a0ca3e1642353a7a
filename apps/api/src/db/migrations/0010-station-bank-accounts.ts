/**
 * A station's payout bank account moves out of the ledger's own table into one of the wallet
 * module's: only the ledger writes `ledger_accounts`, while bank details and the provider's
 * transfer recipient are the wallet module's records. One row per station wallet, keyed by its
 * ledger account; existing details are copied, then the ledger's columns are dropped.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE station_bank_accounts (
      account_id uuid PRIMARY KEY REFERENCES ledger_accounts (id) ON DELETE CASCADE,
      bank_account_number text NOT NULL CHECK (bank_account_number ~ '^[0-9]{10}$'),
      bank_code text NOT NULL,
      bank_name text,
      bank_account_name text NOT NULL,
      banking_verified_at timestamptz NOT NULL,
      transfer_recipient_code text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    INSERT INTO station_bank_accounts (account_id, bank_account_number, bank_code, bank_name, bank_account_name,
      banking_verified_at, transfer_recipient_code, updated_at)
    SELECT id, bank_account_number, bank_code, bank_name, bank_account_name,
      coalesce(banking_verified_at, updated_at), transfer_recipient_code, updated_at
    FROM ledger_accounts
    WHERE bank_account_number IS NOT NULL AND bank_code IS NOT NULL AND bank_account_name IS NOT NULL`.execute(db);
  await sql`
    ALTER TABLE ledger_accounts
      DROP COLUMN bank_account_number,
      DROP COLUMN bank_code,
      DROP COLUMN bank_name,
      DROP COLUMN bank_account_name,
      DROP COLUMN banking_verified_at,
      DROP COLUMN transfer_recipient_code`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
