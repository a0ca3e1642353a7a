/**
 * Station bank details and payouts: the bank account is checked with the provider and saved in
 * the wallet module's own table; a payout debits the wallet into PAYOUT_CLEARING with its
 * reference saved before the provider is called, and a failure or reversal posts exactly one
 * compensating entry (see docs/decisions/006).
 */
import { koboToNaira, nairaToKobo, type RouteBody, type walletRoutes } from '@fleetfuel/contract';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { ProviderUnavailableError, type TransferStatus, type TransferVerification } from '../../platform/payments/provider.js';
import { formatNaira } from '@fleetfuel/contract';
import { newReference, toWallet, type WalletAccess, type WalletDeps } from './wallet-access.js';
import * as repository from './payouts.repository.js';
import type { PayoutRow } from './payouts.repository.js';
import type { AuditActor } from '../audit/index.js';
import { recordWalletMovement } from './wallet-audit.js';

function toPayout(row: PayoutRow) {
  return {
    id: row.id,
    reference: row.reference,
    amount: koboToNaira(row.amount_kobo),
    status: row.status as 'PENDING' | 'SUCCESS' | 'FAILED' | 'REVERSED',
    bankName: row.bank_name,
    accountNumber: row.bank_account_number,
    accountName: row.bank_account_name,
    failureReason: row.failure_reason,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}

export function createPayoutsService(deps: WalletDeps, access: WalletAccess) {
  const { db, ledger, provider, log } = deps;
  const { view, visible, providerCall } = access;

  /**
   * A payout reached its outcome. Success clears it; failure or reversal puts the money back on
   * the station's wallet with exactly one compensating entry, and one audit entry. `actor` is who
   * started the payout when the provider refused it at once; the provider's webhook has none.
   */
  async function finishPayout(reference: string, status: TransferStatus, reason?: string, actor: AuditActor | null = null): Promise<void> {
    if (status === 'pending') return;
    await db.transaction().execute(async (trx) => {
      const payout = await repository.findPayout(trx, reference);
      if (!payout) return;
      const amount = BigInt(payout.amount_kobo);
      const payoutClearing = await ledger.platformAccount(trx, 'PAYOUT_CLEARING');
      const cardClearing = await ledger.platformAccount(trx, 'CARD_CLEARING');
      if (status === 'success') {
        if (!(await repository.settlePayout(trx, reference, 'PENDING', { status: 'SUCCESS' }))) return;
        await ledger.post(trx, {
          idempotencyKey: `payout-settled:${reference}`,
          kind: 'PAYOUT',
          description: 'Payout transferred to the bank',
          reference,
          postings: [
            { accountId: payoutClearing, amount: -amount, type: 'PAYOUT' },
            { accountId: cardClearing, amount, type: 'PAYOUT' },
          ],
        });
        return;
      }
      const outcome = status === 'reversed' ? 'REVERSED' : 'FAILED';
      const why = reason ?? `The bank transfer ${status}`;
      const settled = await repository.settlePayout(trx, reference, payout.status, { status: outcome, reason: why });
      if (!settled || payout.status === 'FAILED' || payout.status === 'REVERSED') return;
      // Money that had already left clearing comes back from the provider; otherwise from clearing.
      const source = payout.status === 'SUCCESS' ? cardClearing : payoutClearing;
      const { entryId } = await ledger.post(trx, {
        idempotencyKey: `payout-reversal:${reference}`,
        kind: 'REFUND',
        description: `Payout ${status}: money returned to the wallet`,
        reference,
        postings: [
          { accountId: source, amount: -amount, type: 'REFUND' },
          { accountId: payout.account_id, amount, type: 'REFUND', note: `Payout ${status}; returned to the wallet` },
        ],
      });
      await repository.linkReversal(trx, reference, entryId);
      await recordWalletMovement(trx, ledger, {
        actor,
        action: outcome === 'REVERSED' ? 'wallet.payout_reversed' : 'wallet.payout_failed',
        walletId: payout.account_id,
        amountKobo: amount,
        note: `Payout ${reference}: ${why}; the money is back on the wallet`,
      });
    });
  }

  /** Calls the provider for a saved payout; a timeout is retried with the same reference. */
  async function transfer(
    payout: { reference: string; amountKobo: bigint; recipientCode: string; reason: string },
    actor: AuditActor,
  ): Promise<void> {
    for (let attempt = 0; attempt <= deps.transferRetries; attempt += 1) {
      try {
        const result = await provider.initiateTransfer({ ...payout });
        await repository.recordTransferAttempt(db, payout.reference, result.transferCode);
        await finishPayout(payout.reference, result.status, undefined, actor);
        return;
      } catch (error) {
        await repository.recordTransferAttempt(db, payout.reference, null);
        if (!(error instanceof ProviderUnavailableError)) throw error;
        if (!error.retryable) {
          await finishPayout(payout.reference, 'failed', error.message, actor);
          return;
        }
        log.warn({ err: error, reference: payout.reference, attempt }, 'transfer attempt failed; retrying with the same reference');
      }
    }
    // Still unanswered: the payout stays PENDING; the provider's webhook (or a later settle) decides it.
  }

  /**
   * The provider's record of a transfer, prompted by its webhook: it decides the payout only when it
   * is about this payout (reference, amount and currency); a record of anything else leaves it pending.
   */
  async function finishVerifiedPayout(reference: string, verified: TransferVerification): Promise<void> {
    const payout = await repository.findPayout(db, reference);
    if (!payout) return;
    const expected = BigInt(payout.amount_kobo);
    if (verified.reference !== reference || verified.amountKobo !== expected || verified.currency !== 'NGN') {
      log.warn(
        { reference, reported: { reference: verified.reference, amount: verified.amountKobo.toString(), currency: verified.currency } },
        'the transfer the provider verified is not this payout; it stays pending',
      );
      return;
    }
    await finishPayout(reference, verified.status);
  }

  return {
    finishPayout,
    finishVerifiedPayout,

    banks: async () => ({ banks: await providerCall('list banks', () => provider.listBanks()) }),

    async verifyBank(accountNumber: string, bankCode: string) {
      const name = await providerCall('check the account', () => provider.resolveAccount(accountNumber, bankCode));
      if (!name)
        throw new AppError('RULE_VIOLATION', 'The bank could not find this account number. Check the number and the bank.', {
          field: 'accountNumber',
        });
      return { account_name: name, accountName: name };
    },

    async updateBanking(actor: Actor, walletId: string, body: RouteBody<typeof walletRoutes.updateBanking>) {
      const wallet = await visible(actor, walletId);
      if (wallet.kind !== 'STATION_WALLET') throw new AppError('RULE_VIOLATION', 'Only station wallets have payout bank details');
      const name = await providerCall('check the account', () => provider.resolveAccount(body.accountNumber, body.bankCode));
      if (!name)
        throw new AppError('RULE_VIOLATION', 'The bank could not find this account number. Check the number and the bank.', {
          field: 'accountNumber',
        });
      const banks = await providerCall('list banks', () => provider.listBanks());
      await repository.saveBanking(db, walletId, {
        accountNumber: body.accountNumber,
        bankCode: body.bankCode,
        bankName: banks.find((bank) => bank.code === body.bankCode)?.name ?? null,
        accountName: name,
      });
      return { message: `Bank details saved and verified: ${name}`, wallet: toWallet(await view(walletId)) };
    },

    /**
     * Pays a station's money out to its bank. With the caller's Idempotency-Key the debit is keyed by
     * it, so a retry after the server died mid-payout finds the first payout and finishes that one
     * instead of paying a second time.
     */
    async settlePayment(actor: Actor, walletId: string, body: RouteBody<typeof walletRoutes.settlePayment>, requestKey: string | null) {
      const wallet = await visible(actor, walletId);
      const name = wallet.station_name ?? 'This station';
      if (wallet.kind !== 'STATION_WALLET') throw new AppError('RULE_VIOLATION', 'Only station wallets are paid out');
      if (!wallet.banking_verified_at || !wallet.bank_account_number || !wallet.bank_code || !wallet.bank_account_name) {
        throw new AppError('RULE_VIOLATION', `${name} has no verified bank account yet. The station must save its bank details first.`);
      }
      const available = BigInt(wallet.balance_kobo) - BigInt(wallet.held_kobo);
      const amount = body.amount === undefined ? available : nairaToKobo(body.amount);
      if (amount <= 0n)
        throw new AppError('RULE_VIOLATION', `There is nothing to pay out: ${name} has ${formatNaira(available)} available`);

      let recipientCode = wallet.transfer_recipient_code;
      if (!recipientCode) {
        recipientCode = await providerCall('register the bank account', () =>
          provider.createTransferRecipient({
            name: wallet.bank_account_name as string,
            accountNumber: wallet.bank_account_number as string,
            bankCode: wallet.bank_code as string,
          }),
        );
        await repository.saveRecipientCode(db, wallet.id, recipientCode);
      }
      // The reference is saved with the debit before the provider is called, so a retry can never pay twice.
      const fresh = newReference('PAYOUT');
      const { reference, amountKobo, settled } = await db.transaction().execute(async (trx) => {
        const clearing = await ledger.platformAccount(trx, 'PAYOUT_CLEARING');
        const { entryId, duplicate } = await ledger.post(trx, {
          idempotencyKey: requestKey ? `payout:${actor.userId}:${requestKey}` : `payout:${fresh}`,
          kind: 'PAYOUT',
          description: `Payout to ${wallet.bank_account_name}`,
          reference: fresh,
          createdBy: actor.userId,
          postings: [
            {
              accountId: wallet.id,
              amount: -amount,
              type: 'PAYOUT',
              note: `To ${wallet.bank_name ?? 'bank'} ${wallet.bank_account_number}`,
            },
            { accountId: clearing, amount, type: 'PAYOUT' },
          ],
        });
        if (duplicate) {
          const first = await repository.findPayoutByEntry(trx, entryId);
          if (!first) throw new Error(`The payout of journal entry ${entryId} vanished`);
          return { reference: first.reference, amountKobo: BigInt(first.amount_kobo), settled: first.status !== 'PENDING' };
        }
        await repository.insertPayout(trx, {
          reference: fresh,
          provider: provider.name,
          accountId: wallet.id,
          amountKobo: amount,
          accountNumber: wallet.bank_account_number as string,
          bankCode: wallet.bank_code as string,
          accountName: wallet.bank_account_name as string,
          entryId,
          initiatedBy: actor.userId,
        });
        await recordWalletMovement(trx, ledger, {
          actor,
          action: 'wallet.paid_out',
          walletId: wallet.id,
          amountKobo: -amount,
          note: `Payout ${fresh}`,
        });
        return { reference: fresh, amountKobo: amount, settled: false };
      });
      // A repeated reference is answered with its first transfer by the provider, so finishing an
      // interrupted payout cannot pay twice either.
      if (!settled) await transfer({ reference, amountKobo, recipientCode, reason: `FleetFuel payout to ${name}` }, actor);
      const payout = await repository.findPayout(db, reference);
      if (!payout) throw new Error(`Payout ${reference} vanished`);
      const paid = BigInt(payout.amount_kobo);
      const messages: Record<string, string> = {
        PENDING: `Payout of ${formatNaira(paid)} sent to the bank; it completes when the bank confirms`,
        SUCCESS: `${formatNaira(paid)} paid out to ${payout.bank_account_name}`,
        FAILED: `The payout of ${formatNaira(paid)} failed and the money is back on the wallet`,
        REVERSED: `The payout of ${formatNaira(paid)} was reversed and the money is back on the wallet`,
      };
      return { message: messages[payout.status] ?? payout.status, payout: toPayout(payout), wallet: toWallet(await view(wallet.id)) };
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
