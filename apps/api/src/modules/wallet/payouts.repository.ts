/**
 * Payouts and the station bank accounts they are sent to, the wallet module's own records: a
 * station wallet's verified payout bank account (beside the ledger's account) and one payout row per
 * provider reference, from its start to its outcome and any reversal.
 */
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';

/**
 * Saves a station wallet's verified payout bank account (the wallet module's own table, beside the
 * ledger's). `verifiedAt` defaults to now; the demo seed gives its own date.
 */
export async function saveBanking(
  db: Database,
  accountId: string,
  banking: { accountNumber: string; bankCode: string; bankName: string | null; accountName: string; verifiedAt?: Date },
): Promise<void> {
  const details = {
    bank_account_number: banking.accountNumber,
    bank_code: banking.bankCode,
    bank_name: banking.bankName,
    bank_account_name: banking.accountName,
    banking_verified_at: banking.verifiedAt ?? sql<Date>`now()`,
    // A new account needs a new transfer recipient.
    transfer_recipient_code: null,
    updated_at: sql<Date>`now()`,
  };
  await db
    .insertInto('station_bank_accounts')
    .values({ account_id: accountId, ...details })
    .onConflict((oc) => oc.column('account_id').doUpdateSet(details))
    .execute();
}

export async function saveRecipientCode(db: Database, accountId: string, recipientCode: string): Promise<void> {
  await db
    .updateTable('station_bank_accounts')
    .set({ transfer_recipient_code: recipientCode })
    .where('account_id', '=', accountId)
    .execute();
}

export async function insertPayout(
  db: Database,
  payout: {
    reference: string;
    provider: string;
    accountId: string;
    amountKobo: bigint;
    accountNumber: string;
    bankCode: string;
    accountName: string;
    entryId: string;
    initiatedBy: string;
  },
): Promise<string> {
  const row = await db
    .insertInto('payouts')
    .values({
      reference: payout.reference,
      provider: payout.provider,
      account_id: payout.accountId,
      amount_kobo: payout.amountKobo.toString(),
      bank_account_number: payout.accountNumber,
      bank_code: payout.bankCode,
      bank_account_name: payout.accountName,
      entry_id: payout.entryId,
      initiated_by: payout.initiatedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findPayout(db: Database, reference: string) {
  return db
    .selectFrom('payouts as p')
    .leftJoin('station_bank_accounts as b', 'b.account_id', 'p.account_id')
    .selectAll('p')
    .select('b.bank_name')
    .where('p.reference', '=', reference)
    .executeTakeFirst();
}

export type PayoutRow = NonNullable<Awaited<ReturnType<typeof findPayout>>>;

export function findPayoutByEntry(db: Database, entryId: string) {
  return db.selectFrom('payouts').select(['reference', 'amount_kobo', 'status']).where('entry_id', '=', entryId).executeTakeFirst();
}

export async function recordTransferAttempt(db: Database, reference: string, transferCode: string | null): Promise<void> {
  await db
    .updateTable('payouts')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), ...(transferCode ? { transfer_code: transferCode } : {}) }))
    .where('reference', '=', reference)
    .execute();
}

/** Moves a payout from one status to its outcome; returns it only to the one caller that changed it. */
export function settlePayout(
  db: Database,
  reference: string,
  from: string,
  outcome: { status: 'SUCCESS' | 'FAILED' | 'REVERSED'; reason?: string },
) {
  return db
    .updateTable('payouts')
    .set({ status: outcome.status, completed_at: sql<Date>`now()`, ...(outcome.reason ? { failure_reason: outcome.reason } : {}) })
    .where('reference', '=', reference)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

export async function linkReversal(db: Database, reference: string, entryId: string): Promise<void> {
  await db.updateTable('payouts').set({ reversal_entry_id: entryId }).where('reference', '=', reference).execute();
}
