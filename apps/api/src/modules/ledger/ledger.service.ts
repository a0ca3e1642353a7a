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
import type { Movement, WalletOwner } from './ledger.repository.js';

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

/**
 * One service serves one database (the app's, a seed's): it remembers the ids of the platform's
 * accounts and of owners' wallets, which never change once made (an owner's wallet is only ever
 * deleted with its owner), so that a redemption does not read three accounts to learn their ids.
 */
export function createLedgerService() {
  const platformIds = new Map<PlatformAccount, string>();
  const walletIds = new Map<string, string>();

  async function insufficient(trx: Database, accountId: string, needed: bigint): Promise<never> {
    const account = await repository.findAccount(trx, accountId);
    const available = account ? BigInt(account.balance_kobo) - BigInt(account.held_kobo) : 0n;
    throw new InsufficientFundsError(needed, available < 0n ? 0n : available);
  }

  /**
   * Writes one balanced entry: the entry row first, then its postings and every account's cached
   * figures in one statement, the last, because the account rows (and the revenue rollup the
   * postings feed) stay locked until commit and the wallets and platform accounts are shared by
   * many movements. `extra` adds movements that are not postings (a captured hold's release);
   * `beforeBalances` runs in between, for the caller's own writes that name the entry (see
   * captureHold). Returns `duplicate: true`, and changes nothing, when an entry with this
   * idempotency key already exists.
   */
  async function write(
    trx: Database,
    entry: EntrySpec,
    extra: readonly Movement[],
    beforeBalances?: (entryId: string) => Promise<void>,
  ): Promise<{ entryId: string; duplicate: boolean }> {
    assertBalanced(entry);
    const entryId = await repository.insertEntry(trx, entryRow(entry));
    return settle(trx, entry, entryId, extra, beforeBalances);
  }

  function assertBalanced(entry: EntrySpec): void {
    const total = entry.postings.reduce((sum, p) => sum + p.amount, 0n);
    if (entry.postings.length < 2 || total !== 0n || entry.postings.some((p) => p.amount === 0n)) {
      throw new Error(`Unbalanced journal entry ${entry.idempotencyKey}: postings sum to ${total}`);
    }
  }

  function entryRow(entry: EntrySpec): repository.EntryRow {
    return {
      idempotencyKey: entry.idempotencyKey,
      kind: entry.kind,
      description: entry.description,
      reference: entry.reference ?? null,
      createdBy: entry.createdBy ?? null,
      at: entry.at,
    };
  }

  /**
   * The rest of `write` once the entry's row was inserted (`entryId`), or was not because its key
   * was already posted (null): then only `extra` moves and the existing entry is returned.
   */
  async function settle(
    trx: Database,
    entry: EntrySpec,
    entryId: string | null,
    extra: readonly Movement[],
    beforeBalances?: (entryId: string) => Promise<void>,
  ): Promise<{ entryId: string; duplicate: boolean }> {
    if (!entryId) {
      const existing = await repository.findEntryByKey(trx, entry.idempotencyKey);
      if (!existing) throw new Error(`Journal entry ${entry.idempotencyKey} vanished`);
      if (extra.length > 0) await refuseUnless(trx, perAccount(extra), (movements) => repository.applyMovements(trx, movements));
      return { entryId: existing.id, duplicate: true };
    }
    if (beforeBalances) await beforeBalances(entryId);
    const postings = entry.postings.map((posting) => ({
      accountId: posting.accountId,
      amount: posting.amount,
      type: posting.type,
      note: posting.note ?? null,
      fee: posting.fee ?? 0n,
    }));
    const movements = perAccount([
      ...postings.map((p) => ({ accountId: p.accountId, balance: p.amount, held: 0n, postings: 1 })),
      ...extra,
    ]);
    await refuseUnless(trx, movements, (summed) => repository.writePostings(trx, entryId, postings, summed, entry.at));
    return { entryId, duplicate: false };
  }

  /** Movements summed per account: an entry is judged by its net effect on each account. */
  function perAccount(movements: readonly Movement[]): Map<string, Movement> {
    const sums = new Map<string, Movement>();
    for (const m of movements) {
      const sum = sums.get(m.accountId);
      sums.set(
        m.accountId,
        sum
          ? {
              accountId: m.accountId,
              balance: sum.balance + m.balance,
              held: sum.held + m.held,
              postings: (sum.postings ?? 0) + (m.postings ?? 0),
            }
          : m,
      );
    }
    return sums;
  }

  /** Runs a movement of these accounts; when it refuses one, raises insufficient funds for what that account had to give. */
  async function refuseUnless(
    trx: Database,
    movements: Map<string, Movement>,
    run: (movements: Movement[]) => Promise<string | null>,
  ): Promise<void> {
    const refused = await run([...movements.values()]);
    if (refused === null) return;
    const movement = movements.get(refused);
    await insufficient(trx, refused, movement ? movement.held - movement.balance : 0n);
  }

  return {
    async platformAccount(executor: Database, kind: PlatformAccount): Promise<string> {
      const cached = platformIds.get(kind);
      if (cached) return cached;
      const id = await repository.platformAccountId(executor, kind);
      platformIds.set(kind, id);
      return id;
    },

    /** Posts one balanced entry (see write); `duplicate: true` when its idempotency key was already posted. */
    post: (trx: Database, entry: EntrySpec) => write(trx, entry, []),

    /** Reserves money on a wallet without moving it; refused when the available money does not cover it. */
    async placeHold(trx: Database, hold: { accountId: string; amount: bigint; reason: string; reference: string }): Promise<string> {
      if (hold.amount <= 0n) throw new Error('A hold must be positive');
      const id = await repository.insertHold(trx, hold);
      const movement = perAccount([{ accountId: hold.accountId, balance: 0n, held: hold.amount }]);
      await refuseUnless(trx, movement, (movements) => repository.applyMovements(trx, movements));
      return id;
    },

    /** Releases an open hold; returns the amount released (0 when it was not open). */
    async releaseHold(trx: Database, reference: string): Promise<bigint> {
      const hold = await repository.closeHold(trx, reference, 'RELEASED');
      if (!hold) return 0n;
      const amount = BigInt(hold.amount_kobo);
      if ((await repository.applyMovements(trx, [{ accountId: hold.account_id, balance: 0n, held: -amount }])) !== null) {
        throw new Error(`Hold ${reference} exceeds held money`);
      }
      return amount;
    },

    /**
     * Turns an open hold into a payment: the hold is closed, its money freed, and the entry posted
     * (which must not take more from the held wallet than the hold covered). Returns null when the
     * hold was not open, and then posts nothing. `beforeBalances` runs once the entry exists and
     * before any account is locked: a caller's own writes that name the entry (the request it
     * paid) go there, so that the shared accounts are locked only for the last statement.
     */
    async captureHold(
      trx: Database,
      reference: string,
      entry: EntrySpec,
      beforeBalances?: (entryId: string) => Promise<void>,
    ): Promise<{ entryId: string; heldKobo: bigint } | null> {
      assertBalanced(entry);
      // The hold's capture and the entry's row in one statement; a bad capture (below) is a bug
      // that throws, and the caller's transaction takes both back.
      const hold = await repository.captureHoldIntoEntry(trx, reference, entryRow(entry));
      if (!hold) return null;
      const held = BigInt(hold.amount_kobo);
      const taken = -entry.postings.filter((p) => p.accountId === hold.account_id).reduce((sum, p) => sum + p.amount, 0n);
      if (taken > held) throw new Error(`Capture of ${reference} takes ${taken} kobo from a hold of ${held}`);
      const release = [{ accountId: hold.account_id, balance: 0n, held: -held }];
      const { entryId } = await settle(trx, entry, hold.entry_id, release, beforeBalances);
      return { entryId, heldKobo: held };
    },

    createWallet: (trx: Database, owner: WalletOwner) => repository.insertWallet(trx, owner),

    async wallet(executor: Database, owner: WalletOwner) {
      const row = await repository.findWallet(executor, owner);
      if (!row) throw new Error(`No wallet for ${JSON.stringify(owner)}`);
      return row;
    },

    /** The id of an owner's wallet (its figures: `wallet`). */
    async walletId(executor: Database, owner: WalletOwner): Promise<string> {
      const key = 'organizationId' in owner ? `organization:${owner.organizationId}` : `station:${owner.stationId}`;
      const cached = walletIds.get(key);
      if (cached) return cached;
      const row = await repository.findWallet(executor, owner);
      if (!row) throw new Error(`No wallet for ${JSON.stringify(owner)}`);
      walletIds.set(key, row.id);
      return row.id;
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
