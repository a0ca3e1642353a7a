/**
 * The ledger: the only code that writes journal entries, postings, balances and holds. Every
 * movement is one entry whose postings sum to zero, written in the caller's transaction under an
 * idempotency key, so that posting the same key twice has one effect. Callers describe movements;
 * they never touch balances.
 */
import { formatNaira, type TransactionType } from '@fleetfuel/contract';
import type { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import * as repository from './ledger.repository.js';
import type { WalletOwner } from './ledger.repository.js';

export type PlatformAccount = 'CARD_CLEARING' | 'PAYOUT_CLEARING' | 'PLATFORM_REVENUE' | 'ADJUSTMENTS';

export interface PostingSpec {
  accountId: string;
  /** Kobo; positive credits the account, negative debits it. */
  amount: bigint;
  type: TransactionType;
  note?: string | null;
  fee?: bigint;
}

export interface EntrySpec {
  idempotencyKey: string;
  kind: string;
  description: string;
  reference?: string | null;
  createdBy?: string | null;
  /** When the movement happened, for history imported after the fact (the demo data); now by default. */
  at?: Date;
  postings: PostingSpec[];
}

/** A wallet's available money does not cover a debit or a hold. */
export class InsufficientFundsError extends AppError {
  constructor(
    readonly neededKobo: bigint,
    readonly availableKobo: bigint,
    message = `Insufficient funds: ${formatNaira(neededKobo)} is needed and ${formatNaira(availableKobo)} is available`,
  ) {
    super('INSUFFICIENT_FUNDS', message);
  }
}

export function createLedgerService() {
  /** Platform account ids never change once migrated; looked up once per database. */
  const platformIds = new WeakMap<object, Map<PlatformAccount, string>>();

  async function insufficient(trx: Database, accountId: string, needed: bigint): Promise<never> {
    const account = await repository.findAccount(trx, accountId);
    const available = account ? BigInt(account.balance_kobo) - BigInt(account.held_kobo) : 0n;
    throw new InsufficientFundsError(needed, available < 0n ? 0n : available);
  }

  /**
   * Posts one balanced entry. Returns `duplicate: true`, and changes nothing, when an entry with
   * this idempotency key already exists.
   */
  async function post(trx: Database, entry: EntrySpec): Promise<{ entryId: string; duplicate: boolean }> {
    const total = entry.postings.reduce((sum, p) => sum + p.amount, 0n);
    if (entry.postings.length < 2 || total !== 0n || entry.postings.some((p) => p.amount === 0n)) {
      throw new Error(`Unbalanced journal entry ${entry.idempotencyKey}: postings sum to ${total}`);
    }
    const entryId = await repository.insertEntry(trx, {
      idempotencyKey: entry.idempotencyKey,
      kind: entry.kind,
      description: entry.description,
      reference: entry.reference ?? null,
      createdBy: entry.createdBy ?? null,
      at: entry.at,
    });
    if (!entryId) {
      const existing = await repository.findEntryByKey(trx, entry.idempotencyKey);
      if (!existing) throw new Error(`Journal entry ${entry.idempotencyKey} vanished`);
      return { entryId: existing.id, duplicate: true };
    }
    // Always lock accounts in the same order, so that two entries never wait on each other.
    const ordered = [...entry.postings].sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
    for (const posting of ordered) {
      if (!(await repository.applyToBalance(trx, posting.accountId, posting.amount))) {
        await insufficient(trx, posting.accountId, -posting.amount);
      }
    }
    await repository.insertPostings(
      trx,
      entryId,
      entry.postings.map((posting) => ({
        accountId: posting.accountId,
        amount: posting.amount,
        type: posting.type,
        note: posting.note ?? null,
        fee: posting.fee ?? 0n,
      })),
      entry.at,
    );
    return { entryId, duplicate: false };
  }

  return {
    async platformAccount(executor: Database, kind: PlatformAccount): Promise<string> {
      let ids = platformIds.get(executor);
      if (!ids) platformIds.set(executor, (ids = new Map<PlatformAccount, string>()));
      const cached = ids.get(kind);
      if (cached) return cached;
      const id = await repository.platformAccountId(executor, kind);
      ids.set(kind, id);
      return id;
    },

    post,

    /** Reserves money on a wallet without moving it; refused when the available money does not cover it. */
    async placeHold(trx: Database, hold: { accountId: string; amount: bigint; reason: string; reference: string }): Promise<string> {
      if (hold.amount <= 0n) throw new Error('A hold must be positive');
      if (!(await repository.adjustHeld(trx, hold.accountId, hold.amount))) await insufficient(trx, hold.accountId, hold.amount);
      return repository.insertHold(trx, hold);
    },

    /** Releases an open hold; returns the amount released (0 when it was not open). */
    async releaseHold(trx: Database, reference: string): Promise<bigint> {
      const hold = await repository.closeHold(trx, reference, 'RELEASED');
      if (!hold) return 0n;
      const amount = BigInt(hold.amount_kobo);
      if (!(await repository.adjustHeld(trx, hold.account_id, -amount))) throw new Error(`Hold ${reference} exceeds held money`);
      return amount;
    },

    /**
     * Turns an open hold into a payment: the hold is closed, its money freed, and the entry posted
     * (which must not take more from the held wallet than the hold covered). Returns null when the
     * hold was not open, and then posts nothing.
     */
    async captureHold(trx: Database, reference: string, entry: EntrySpec): Promise<{ entryId: string; heldKobo: bigint } | null> {
      const hold = await repository.closeHold(trx, reference, 'CAPTURED');
      if (!hold) return null;
      const held = BigInt(hold.amount_kobo);
      const taken = -entry.postings.filter((p) => p.accountId === hold.account_id).reduce((sum, p) => sum + p.amount, 0n);
      if (taken > held) throw new Error(`Capture of ${reference} takes ${taken} kobo from a hold of ${held}`);
      if (!(await repository.adjustHeld(trx, hold.account_id, -held))) throw new Error(`Hold ${reference} exceeds held money`);
      const { entryId } = await post(trx, entry);
      return { entryId, heldKobo: held };
    },

    createWallet: (trx: Database, owner: WalletOwner) => repository.insertWallet(trx, owner),

    async wallet(executor: Database, owner: WalletOwner) {
      const row = await repository.findWallet(executor, owner);
      if (!row) throw new Error(`No wallet for ${JSON.stringify(owner)}`);
      return row;
    },

    findAccount: (executor: Database, accountId: string) => repository.findAccount(executor, accountId),

    /** Deletes the wallet of an owner being deleted; refused when money ever touched it. */
    async deleteWallet(trx: Database, owner: WalletOwner, ownerName: string): Promise<void> {
      const row = await repository.findWallet(trx, owner);
      if (row && (await repository.accountHasHistory(trx, row.id))) {
        throw new AppError('HAS_HISTORY', `${ownerName} has money history and cannot be deleted. Deactivate it instead.`);
      }
      await repository.deleteWalletWithoutHistory(trx, owner);
    },

    hasMoneyHistory: (executor: Database, accountId: string) => repository.accountHasHistory(executor, accountId),

    balanceDiscrepancies: (executor: Database) => repository.balanceDiscrepancies(executor),
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
export type { WalletOwner };
