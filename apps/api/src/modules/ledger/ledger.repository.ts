import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

const WALLET_KINDS = ['ORGANIZATION_WALLET', 'STATION_WALLET'];

export type WalletOwner = { organizationId: string } | { stationId: string };

export async function insertEntry(
  db: Database,
  entry: {
    idempotencyKey: string;
    kind: string;
    description: string;
    reference: string | null;
    createdBy: string | null;
    at: Date | undefined;
  },
): Promise<string | null> {
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

/** An entry's postings in one statement (one round trip while the entry's accounts are locked), in the order given. */
export async function insertPostings(
  db: Database,
  entryId: string,
  postings: ReadonlyArray<{ accountId: string; amount: bigint; type: string; note: string | null; fee: bigint }>,
  at: Date | undefined,
): Promise<void> {
  await db
    .insertInto('postings')
    .values(
      postings.map((posting) => ({
        entry_id: entryId,
        account_id: posting.accountId,
        amount_kobo: posting.amount.toString(),
        type: posting.type,
        note: posting.note,
        fee_kobo: posting.fee.toString(),
        ...(at ? { created_at: at } : {}),
      })),
    )
    .execute();
}

/**
 * Moves an account's balance. A wallet is only debited while its available money (balance less
 * open holds) covers the debit; the row lock this takes makes concurrent debits queue, and each
 * re-checks the condition against the balance the previous one left.
 */
export async function applyToBalance(db: Database, accountId: string, amount: bigint): Promise<boolean> {
  const result = await db
    .updateTable('ledger_accounts')
    .set({ balance_kobo: sql`balance_kobo + ${amount.toString()}::bigint`, updated_at: sql<Date>`now()` })
    .where('id', '=', accountId)
    .where((eb) => eb.or([eb('kind', 'not in', WALLET_KINDS), eb(sql`balance_kobo + ${amount.toString()}::bigint - held_kobo`, '>=', 0)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Changes the money held on a wallet; an increase must fit the available balance. */
export async function adjustHeld(db: Database, accountId: string, delta: bigint): Promise<boolean> {
  const result = await db
    .updateTable('ledger_accounts')
    .set({ held_kobo: sql`held_kobo + ${delta.toString()}::bigint`, updated_at: sql<Date>`now()` })
    .where('id', '=', accountId)
    .where(sql`held_kobo + ${delta.toString()}::bigint`, '>=', 0)
    .where(sql`balance_kobo - held_kobo - ${delta.toString()}::bigint`, '>=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findAccount(db: Database, accountId: string) {
  return db.selectFrom('ledger_accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
}

export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

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

/** For audits and tests: every balance against the sum of its postings. */
export function balanceDiscrepancies(db: Database) {
  return db
    .selectFrom('ledger_accounts as a')
    .leftJoin(
      db
        .selectFrom('postings')
        .select(['account_id', sql<string>`sum(amount_kobo)`.as('total')])
        .groupBy('account_id')
        .as('p'),
      'p.account_id',
      'a.id',
    )
    .select(['a.id', 'a.kind', 'a.balance_kobo', sql<string>`coalesce(p.total, 0)`.as('posted')])
    .where(sql`a.balance_kobo`, '<>', sql`coalesce(p.total, 0)`)
    .execute();
}
