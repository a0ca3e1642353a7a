/**
 * The ledger as tests reach it directly: money placed in a wallet with what the API cannot set (a
 * journal reference, an instant in the past), and the journal entries a movement wrote.
 */
import { createLedgerService } from '../src/modules/ledger/index.js';
import type { TestApp } from './harness.js';

export interface DirectCredit {
  /** Distinct per credit: the same key posts once. */
  idempotencyKey: string;
  /** The journal entry's reference, which the transactions list searches. */
  reference?: string;
  /** When it happened, as imported history is dated; now by default. */
  at?: Date;
  /** The note on both postings. */
  note?: string;
}

/**
 * A platform credit of `naira` to the wallet against the platform's adjustments account, as a
 * platform admin's credit is posted: the wallet's posting as the transactions list names it, `P<id>`.
 */
export async function creditWalletDirectly(t: TestApp, walletId: string, naira: number, credit: DirectCredit): Promise<string> {
  const ledger = createLedgerService();
  const { idempotencyKey, reference, at, note } = credit;
  const kobo = BigInt(naira * 100);
  const { entryId } = await t.db.transaction().execute(async (trx) =>
    ledger.post(trx, {
      idempotencyKey,
      kind: 'CREDIT',
      description: 'Test credit',
      reference,
      at,
      postings: [
        { accountId: walletId, amount: kobo, type: 'CREDIT', note },
        { accountId: await ledger.platformAccount(trx, 'ADJUSTMENTS'), amount: -kobo, type: 'CREDIT', note },
      ],
    }),
  );
  const posting = await t.db
    .selectFrom('postings')
    .select('id')
    .where('entry_id', '=', entryId)
    .where('account_id', '=', walletId)
    .executeTakeFirstOrThrow();
  return `P${posting.id}`;
}

/** The ids of the journal entries under `reference`; only those of `kind` (e.g. `REFUND`) when named. */
export function journalEntries(t: TestApp, reference: string, kind?: string): Promise<Array<{ id: string }>> {
  const query = t.db.selectFrom('journal_entries').select('id').where('reference', '=', reference);
  return (kind === undefined ? query : query.where('kind', '=', kind)).execute();
}
