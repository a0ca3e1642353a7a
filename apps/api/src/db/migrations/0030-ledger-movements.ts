/**
 * The ledger writes a journal entry's postings and moves its accounts' cached figures in one
 * statement (issue 16, docs/decisions/006):
 *
 * - `ledger_apply_movements(movements)` updates every account given, in id order, each under the
 *   conditions the ledger has always applied: held money never goes below zero, and a wallet's
 *   available money (balance less held) never goes below zero, nor does any account whose held
 *   money grows (only wallets hold). It returns null when every account moved, or the first one
 *   refused (the caller then raises "insufficient funds" and its transaction rolls back whatever
 *   moved before).
 * - `ledger_write_postings(entry, at, postings, movements)` inserts an entry's postings, in the order
 *   given, and then applies the movements.
 * - Each account keeps how many postings it has (`posting_count`), moved with its balance: the
 *   wallet's transactions list showed its total by counting every posting the wallet ever had
 *   (~110 ms for the large organization's 270,000 on every first screen, growing with history).
 *
 * Why functions: an account row and a revenue rollup row (the postings' trigger, 0011) stay locked
 * until commit, and the organization's wallet, the station's wallet and the platform's fee account
 * are shared by every redemption. Written one statement at a time from the API, those locks were
 * held across one network round trip per account and then across every statement that followed;
 * now they are taken by the transaction's last statement.
 *
 * Every step may run twice (IF NOT EXISTS, OR REPLACE, a recount): a test seeds an older schema with
 * today's ledger by applying this migration ahead of the ones before it.
 *
 * Postings and movements come as JSON (kobo as strings, so that no amount passes through a float;
 * `postings`: how many the movement adds to the account), which both drivers pass as one parameter.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ledger_accounts ADD COLUMN IF NOT EXISTS posting_count bigint NOT NULL DEFAULT 0 CHECK (posting_count >= 0)`.execute(
    db,
  );
  await sql`UPDATE ledger_accounts a SET posting_count = (SELECT count(*) FROM postings p WHERE p.account_id = a.id)`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION ledger_apply_movements(movements jsonb) RETURNS uuid LANGUAGE plpgsql AS $$
    DECLARE
      m record;
    BEGIN
      -- Id order, as every other writer of these rows: two entries never wait on each other.
      FOR m IN
        SELECT (e->>'account')::uuid AS account_id,
               coalesce((e->>'balance')::bigint, 0) AS balance_delta,
               coalesce((e->>'held')::bigint, 0) AS held_delta,
               coalesce((e->>'postings')::bigint, 0) AS postings
        FROM jsonb_array_elements(movements) AS e
        ORDER BY 1
      LOOP
        UPDATE ledger_accounts
        SET balance_kobo = balance_kobo + m.balance_delta,
            held_kobo = held_kobo + m.held_delta,
            posting_count = posting_count + m.postings,
            updated_at = now()
        WHERE id = m.account_id
          AND held_kobo + m.held_delta >= 0
          AND ((kind NOT IN ('ORGANIZATION_WALLET', 'STATION_WALLET') AND m.held_delta <= 0)
            OR balance_kobo + m.balance_delta - held_kobo - m.held_delta >= 0);
        IF NOT FOUND THEN
          RETURN m.account_id;
        END IF;
      END LOOP;
      RETURN NULL;
    END $$`.execute(db);

  await sql`
    CREATE OR REPLACE FUNCTION ledger_write_postings(entry uuid, posted_at timestamptz, postings jsonb, movements jsonb)
    RETURNS uuid LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO postings (entry_id, account_id, amount_kobo, type, note, fee_kobo, created_at)
      SELECT entry, (p->>'account')::uuid, (p->>'amount')::bigint, p->>'type', p->>'note',
             coalesce((p->>'fee')::bigint, 0), coalesce(posted_at, clock_timestamp())
      FROM jsonb_array_elements(postings) WITH ORDINALITY AS e(p, n)
      ORDER BY n;
      RETURN ledger_apply_movements(movements);
    END $$`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
