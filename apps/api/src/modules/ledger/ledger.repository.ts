import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

export type WalletOwner = { organizationId: string } | { stationId: string };

/** A journal entry's own row, before its postings. */
export interface EntryRow {
  idempotencyKey: string;
  kind: string;
  description: string;
  reference: string | null;
  createdBy: string | null;
  at: Date | undefined;
}

export async function insertEntry(db: Database, entry: EntryRow): Promise<string | null> {
  const row = await db
    .insertInto('journal_entries')
    .values({
      idempotency_key: entry.idempotencyKey,
      kind: entry.kind,
      description: entry.description,
      reference: entry.reference,
      created_by: entry.createdBy,
      ...(entry.at ? { created_at: entry.at } : {}),
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export function findEntryByKey(db: Database, idempotencyKey: string) {
  return db
    .selectFrom('journal_entries')
    .select(['id', 'kind', 'created_at'])
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/** A change to one account's cached figures, in kobo: its balance and the money held on it. */
export interface Movement {
  accountId: string;
  balance: bigint;
  held: bigint;
  /** Postings this movement adds to the account (its `posting_count`, 0030); none when absent. */
  postings?: number;
}

const movementsJson = (movements: readonly Movement[]) =>
  JSON.stringify(
    movements.map((m) => ({ account: m.accountId, balance: m.balance.toString(), held: m.held.toString(), postings: m.postings ?? 0 })),
  );

/**
 * Moves the balances and held money of every account given, in one statement (migration 0030's
 * `ledger_apply_movements`): the accounts are locked in id order and each lock is held until
 * commit, so this round trip is the only one the caller spends holding them before it commits. A
 * wallet only moves while its available money (balance less held) stays covered; concurrent
 * movements queue on the row lock and each re-checks against what the previous one left. Returns
 * null when all moved, or the account refused (the caller must then fail its transaction: the
 * accounts before it moved).
 */
export async function applyMovements(db: Database, movements: readonly Movement[]): Promise<string | null> {
  const { rows } = await sql<{
    refused: string | null;
  }>`SELECT ledger_apply_movements(${movementsJson(movements)}::jsonb) AS refused`.execute(db);
  return rows[0]?.refused ?? null;
}

/**
 * An entry's movements (applyMovements) and then, unless one was refused, its postings in the order
 * given, in one statement (migration 0040: the accounts' rows are this transaction's before its
 * postings' foreign keys lock them).
 */
export async function writePostings(
  db: Database,
  entryId: string,
  postings: ReadonlyArray<{ accountId: string; amount: bigint; type: string; note: string | null; fee: bigint }>,
  movements: readonly Movement[],
  at: Date | undefined,
): Promise<string | null> {
  const json = JSON.stringify(
    postings.map((p) => ({ account: p.accountId, amount: p.amount.toString(), type: p.type, note: p.note, fee: p.fee.toString() })),
  );
  const { rows } = await sql<{ refused: string | null }>`SELECT ledger_write_postings(${entryId}::uuid, ${at ?? null}::timestamptz,
    ${json}::jsonb, ${movementsJson(movements)}::jsonb) AS refused`.execute(db);
  return rows[0]?.refused ?? null;
}

export function findAccount(db: Database, accountId: string) {
  return db.selectFrom('ledger_accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
}

export function findWallet(db: Database, owner: WalletOwner) {
  const query = db.selectFrom('ledger_accounts').selectAll();
  return (
    'organizationId' in owner
      ? query.where('organization_id', '=', owner.organizationId)
      : query.where('fuel_station_id', '=', owner.stationId)
  ).executeTakeFirst();
}

export async function insertWallet(db: Database, owner: WalletOwner): Promise<string> {
  const row = await db
    .insertInto('ledger_accounts')
    .values(
      'organizationId' in owner
        ? { kind: 'ORGANIZATION_WALLET', organization_id: owner.organizationId }
        : { kind: 'STATION_WALLET', fuel_station_id: owner.stationId },
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteWalletWithoutHistory(db: Database, owner: WalletOwner): Promise<void> {
  const query = db.deleteFrom('ledger_accounts');
  await (
    'organizationId' in owner
      ? query.where('organization_id', '=', owner.organizationId)
      : query.where('fuel_station_id', '=', owner.stationId)
  ).execute();
}

export async function platformAccountId(db: Database, kind: string): Promise<string> {
  const row = await db.selectFrom('ledger_accounts').select('id').where('kind', '=', kind).executeTakeFirstOrThrow();
  return row.id;
}

export async function insertHold(
  db: Database,
  hold: { accountId: string; amount: bigint; reason: string; reference: string },
): Promise<string> {
  const row = await db
    .insertInto('holds')
    .values({ account_id: hold.accountId, amount_kobo: hold.amount.toString(), reason: hold.reason, reference: hold.reference })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Closes an open hold; returns it, or nothing when it was not open (already closed, or none). */
export function closeHold(db: Database, reference: string, status: 'CAPTURED' | 'RELEASED') {
  return db
    .updateTable('holds')
    .set({ status, closed_at: sql<Date>`now()` })
    .where('reference', '=', reference)
    .where('status', '=', 'OPEN')
    .returning(['id', 'account_id', 'amount_kobo'])
    .executeTakeFirst();
}

/**
 * Captures an open hold and writes the entry that pays it, in one statement (one round trip of
 * the redemption's fewer: bench/RESULTS.md, run of 2026-11-28 10:00). Returns nothing when the
 * hold was not open, and then writes no entry; `entryId` is null when an entry with the key
 * already exists (the entry's insert does nothing, as `insertEntry`'s). The entry's time is the
 * column's default (`clock_timestamp()`) unless one is given, as in `insertEntry`.
 */
export async function captureHoldIntoEntry(
  db: Database,
  reference: string,
  entry: EntryRow,
): Promise<{ account_id: string; amount_kobo: string; entry_id: string | null } | undefined> {
  const { rows } = await sql<{ account_id: string; amount_kobo: string; entry_id: string | null }>`
    WITH hold AS (
      UPDATE holds SET status = 'CAPTURED', closed_at = now()
      WHERE reference = ${reference} AND status = 'OPEN'
      RETURNING account_id, amount_kobo
    ), entry AS (
      INSERT INTO journal_entries (idempotency_key, kind, description, reference, created_by, created_at)
      SELECT ${entry.idempotencyKey}, ${entry.kind}, ${entry.description}, ${entry.reference}, ${entry.createdBy}::uuid,
        coalesce(${entry.at ?? null}::timestamptz, clock_timestamp())
      FROM hold
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id
    )
    SELECT hold.account_id, hold.amount_kobo, (SELECT id FROM entry) AS entry_id FROM hold`.execute(db);
  return rows[0];
}

/** Whether money ever touched the account: postings, holds, card payments or payouts. */
export async function accountHasHistory(db: Database, accountId: string): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom('postings').select('id').where('account_id', '=', accountId)).as('posted'),
      eb.exists(eb.selectFrom('holds').select('id').where('account_id', '=', accountId)).as('held'),
      eb.exists(eb.selectFrom('card_payments').select('id').where('account_id', '=', accountId)).as('paid'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.posted) || Boolean(row.held) || Boolean(row.paid);
}

/** For audits and tests: every balance and posting count against the account's postings. */
export function balanceDiscrepancies(db: Database) {
  return db
    .selectFrom('ledger_accounts as a')
    .leftJoin(
      db
        .selectFrom('postings')
        .select(['account_id', sql<string>`sum(amount_kobo)`.as('total'), sql<string>`count(*)`.as('count')])
        .groupBy('account_id')
        .as('p'),
      'p.account_id',
      'a.id',
    )
    .select([
      'a.id',
      'a.kind',
      'a.balance_kobo',
      sql<string>`coalesce(p.total, 0)`.as('posted'),
      'a.posting_count',
      sql<string>`coalesce(p.count, 0)`.as('postings'),
    ])
    .where((eb) =>
      eb.or([eb(sql`a.balance_kobo`, '<>', sql`coalesce(p.total, 0)`), eb(sql`a.posting_count`, '<>', sql`coalesce(p.count, 0)`)]),
    )
    .execute();
}
