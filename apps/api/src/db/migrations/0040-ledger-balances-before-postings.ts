/**
 * `ledger_write_postings` moves the accounts' figures first and then inserts the postings (0030 did
 * the reverse). Each posting's foreign key to its account takes a KEY SHARE lock on the account's
 * row; inserted first, that lock fell on rows that other transactions' postings were locking too
 * and that this one then updated, so PostgreSQL recorded the row's lockers as a multixact: ~6 per
 * redemption under a load of redemptions that share an organization's wallet, a station's wallet
 * and the platform's fee account (pg_waldump; bench/RESULTS.md, "Multixacts of the ledger's
 * postings"). Updated first, the rows are already this transaction's, and its
 * postings' key checks need no other record: 1 multixact per redemption, 8 fewer WAL records. Every
 * multixact counts towards the anti-wraparound vacuums PostgreSQL forces on the hot tables.
 *
 * What else the order changes: a refused movement now returns before any posting is written (the
 * caller's transaction rolls back either way), and the platform revenue's rollup row, written by
 * the postings' trigger (0011), is locked after the accounts rather than before them. Every writer
 * of that row that also moves money (a posting to the revenue account) holds the revenue account
 * first, so no two of them wait for each other on the row, and a rebuild of the rollups locks it but
 * never an account: no cycle of waits passes through it (docs/decisions/006).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION ledger_write_postings(entry uuid, posted_at timestamptz, postings jsonb, movements jsonb)
    RETURNS uuid LANGUAGE plpgsql AS $$
    DECLARE
      refused uuid;
    BEGIN
      refused := ledger_apply_movements(movements);
      IF refused IS NOT NULL THEN
        RETURN refused;
      END IF;
      INSERT INTO postings (entry_id, account_id, amount_kobo, type, note, fee_kobo, created_at)
      SELECT entry, (p->>'account')::uuid, (p->>'amount')::bigint, p->>'type', p->>'note',
             coalesce((p->>'fee')::bigint, 0), coalesce(posted_at, clock_timestamp())
      FROM jsonb_array_elements(postings) WITH ORDINALITY AS e(p, n)
      ORDER BY n;
      RETURN NULL;
    END $$`.execute(db);
}

export function down(): Promise<void> {
  return Promise.reject(new Error('Migrations are never rolled back; write a new migration instead.'));
}
