/**
 * Each account keeps how many postings it has (issue 16): the wallet's transactions list showed
 * its total by counting every posting the wallet ever had (~110 ms for the large organization's
 * 270,000, on every first screen, growing with history). The ledger's one balance statement
 * (`ledger_apply_movements`, 0030) now adds an entry's postings to the count as it moves the
 * balance, in the same update of the same locked row; the migration counts what exists.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE ledger_accounts ADD COLUMN posting_count bigint NOT NULL DEFAULT 0 CHECK (posting_count >= 0)`.execute(db);
  await sql`
    UPDATE ledger_accounts a SET posting_count = c.n
    FROM (SELECT account_id, count(*) AS n FROM postings GROUP BY account_id) c
    WHERE c.account_id = a.id`.execute(db);
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
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
