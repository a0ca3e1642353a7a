/**
 * Wallets of organizations and stations: reading them, funding by card, the platform admin's
 * adjustments, station bank details and payouts, and the provider's webhooks. Money only moves
 * through the ledger; this service decides when, and keeps the provider-facing records.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  koboToNaira,
  nairaToKobo,
  type RouteBody,
  type Transaction,
  type TransactionType,
  type Wallet,
  type walletRoutes,
} from '@fleetfuel/contract';
import type { Clock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, forbidden, invalidField, notFound } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import type { Logger } from '../../platform/logging.js';
import { ProviderUnavailableError, type ChargeVerification, type PaymentProvider, type TransferStatus } from '../../platform/payments/provider.js';
import type { LedgerService } from '../ledger/index.js';
import { formatNaira } from '../ledger/index.js';
import type { RenewalService } from '../subscriptions/index.js';
import type { NotificationsService } from '../notifications/index.js';
import * as repository from './wallet.repository.js';
import type { CardPaymentStatus, PayoutRow, TransactionRow, WalletRow } from './wallet.repository.js';

export interface WalletDeps {
  db: Database;
  ledger: LedgerService;
  provider: PaymentProvider;
  renewal: RenewalService;
  appUrl: string;
  transferRetries: number;
  log: Logger;
  notifications: NotificationsService;
  clock: Clock;
}

/**
 * How long a card payment is reconciled with the provider: FAILED ones can still turn out paid,
 * and PENDING ones older than this that the provider has not seen paid are EXPIRED.
 */
export const CARD_RECONCILIATION_WINDOW_MS = 48 * 60 * 60 * 1000;
/** The least time between two checks of one payment by the job, whichever instance runs it. */
const CARD_RECHECK_MS = 4 * 60 * 1000;
/** Payments checked per run; the least recently checked go first, so a backlog rotates. */
const CARD_RECONCILIATION_BATCH = 100;

/** What asking the provider about one card payment changed. */
type ChargeOutcome = 'credited' | 'failed' | 'expired' | 'unchanged';

const newReference = (prefix: string) => `FF-${prefix}-${Date.now().toString(36).toUpperCase()}-${randomBytes(4).toString('hex').toUpperCase()}`;

function toWallet(row: WalletRow): Wallet {
  const balance = BigInt(row.balance_kobo);
  const held = BigInt(row.held_kobo);
  const isOrganization = row.kind === 'ORGANIZATION_WALLET';
  return {
    id: row.id,
    balance: koboToNaira(balance),
    held: koboToNaira(held),
    available: koboToNaira(balance - held),
    currency: 'NGN',
    owner: {
      kind: isOrganization ? 'ORGANIZATION' : 'STATION',
      id: (isOrganization ? row.organization_id : row.fuel_station_id) as string,
      name: (isOrganization ? row.organization_name : row.station_name) ?? '',
    },
    accountNumber: row.bank_account_number,
    bankCode: row.bank_code,
    bankName: row.bank_name,
    accountName: row.bank_account_name,
    bankingVerified: row.banking_verified_at !== null,
  };
}

function toTransaction(row: TransactionRow): Transaction {
  const amount = BigInt(row.amount_kobo);
  return {
    id: row.id,
    amount: koboToNaira(amount),
    direction: amount < 0n ? 'DEBIT' : 'CREDIT',
    type: row.type as TransactionType,
    note: row.note,
    fee: koboToNaira(row.fee_kobo),
    reference: row.reference,
    status: row.status as Transaction['status'],
    createdAt: row.created_at.toISOString(),
  };
}

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

export function createWalletService(deps: WalletDeps) {
  const { db, ledger, provider, renewal, log } = deps;

  async function view(accountId: string): Promise<WalletRow> {
    const row = await repository.findWalletView(db, accountId);
    if (!row) throw notFound('Wallet');
    return row;
  }

  /** A wallet by id, if the actor may see it: its own organization's or station's, or any for ADMIN. */
  async function visible(actor: Actor, accountId: string): Promise<WalletRow> {
    const row = await view(accountId);
    const own =
      actor.role === 'ADMIN' ||
      (row.organization_id !== null && row.organization_id === actor.organizationId) ||
      (row.fuel_station_id !== null && row.fuel_station_id === actor.fuelStationId);
    if (!own) throw notFound('Wallet');
    return row;
  }

  async function providerCall<T>(action: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ProviderUnavailableError) {
        log.warn({ err: error }, `payment provider failed: ${action}`);
        throw new AppError('PROVIDER_UNAVAILABLE', `The payment provider could not ${action} just now. Please try again.`);
      }
      throw error;
    }
  }

  async function startCardPayment(
    actor: Actor,
    payment: { purpose: 'WALLET_FUNDING' | 'SUBSCRIPTION'; organizationId: string; planId: string | null; amountKobo: bigint; callbackPath: string },
  ) {
    const wallet = await ledger.wallet(db, { organizationId: payment.organizationId });
    const reference = newReference(payment.purpose === 'SUBSCRIPTION' ? 'SUB' : 'FUND');
    await repository.insertCardPayment(db, {
      reference,
      provider: provider.name,
      purpose: payment.purpose,
      accountId: wallet.id,
      organizationId: payment.organizationId,
      planId: payment.planId,
      amountKobo: payment.amountKobo,
      initiatedBy: actor.userId,
    });
    const email = (await db.selectFrom('users').select('email').where('id', '=', actor.userId).executeTakeFirst())?.email;
    try {
      const { checkoutUrl } = await provider.initializeCheckout({
        amountKobo: payment.amountKobo,
        email: email ?? `billing+${payment.organizationId}@fleetfuel.local`,
        reference,
        callbackUrl: `${deps.appUrl}${payment.callbackPath}`,
      });
      return { checkoutUrl, reference };
    } catch (error) {
      await repository.settleCardPayment(db, reference, { status: 'FAILED', reason: 'The card page could not be opened' });
      if (error instanceof ProviderUnavailableError) {
        log.warn({ err: error }, 'checkout could not start');
        throw new AppError('PROVIDER_UNAVAILABLE', 'The card payment page could not be opened just now. Please try again.');
      }
      throw error;
    }
  }

  /**
   * Asks the provider about a card payment and applies its answer: only its verify decides, never
   * the event that prompted the question. A FAILED (or EXPIRED) payment is still credited when
   * verify later says success, because the payer may pay after a failed attempt. `expireIfOpen`
   * (the job, for PENDING payments past the reconciliation window) ends a payment the provider has
   * not seen paid.
   */
  async function reconcileCharge(reference: string, expireIfOpen = false): Promise<ChargeOutcome> {
    const payment = await repository.findCardPayment(db, reference);
    if (!payment || payment.status === 'SUCCESS') return 'unchanged';
    let verification: ChargeVerification;
    try {
      verification = await provider.verifyCharge(reference);
    } catch (error) {
      // A provider that refuses (not merely cannot answer) has no such charge: the payer never got to pay.
      if (expireIfOpen && error instanceof ProviderUnavailableError && !error.retryable) return expire(reference);
      throw error;
    }
    const expected = BigInt(payment.amount_kobo);
    if (verification.status === 'success') {
      if (verification.amountKobo === expected && verification.currency === 'NGN') return credit(reference, expected);
      log.warn({ reference, expected: expected.toString(), reported: verification.amountKobo.toString(), currency: verification.currency }, 'charge amount mismatch');
      const mismatched = await repository.settleCardPayment(db, reference, {
        status: 'FAILED',
        reason: `The provider confirmed ${verification.currency} ${koboToNaira(verification.amountKobo)} instead of ${formatNaira(expected)}; nothing was credited`,
      });
      return mismatched ? 'failed' : 'unchanged';
    }
    if (verification.status === 'failed') {
      const failed = await repository.settleCardPayment(db, reference, { status: 'FAILED', reason: 'The card payment failed' });
      return failed ? 'failed' : 'unchanged';
    }
    // Pending or abandoned: the payer may still complete the checkout, until the window closes.
    return expireIfOpen ? expire(reference) : 'unchanged';
  }

  async function expire(reference: string): Promise<ChargeOutcome> {
    const hours = CARD_RECONCILIATION_WINDOW_MS / 3_600_000;
    const expired = await repository.settleCardPayment(db, reference, { status: 'EXPIRED', reason: `The card payment was not completed within ${hours} hours` });
    return expired ? 'expired' : 'unchanged';
  }

  /** Card money arrived (verified with the provider): credit the wallet once, and renew if that was the purpose. */
  async function credit(reference: string, expected: bigint): Promise<ChargeOutcome> {
    const credited = await db.transaction().execute(async (trx) => {
      // Only the one caller whose conditional update wins posts; the ledger's idempotency key backs it up.
      const settled = await repository.settleCardPayment(trx, reference, { status: 'SUCCESS' }, ['PENDING', 'FAILED', 'EXPIRED'] satisfies CardPaymentStatus[]);
      if (!settled) return null;
      const clearing = await ledger.platformAccount(trx, 'CARD_CLEARING');
      const { entryId } = await ledger.post(trx, {
        idempotencyKey: `charge:${reference}`,
        kind: 'FUNDING',
        description: 'Card payment into wallet',
        reference,
        createdBy: settled.initiated_by,
        postings: [
          { accountId: clearing, amount: -expected, type: 'FUNDING', note: reference },
          { accountId: settled.account_id, amount: expected, type: 'FUNDING', note: 'Card top-up' },
        ],
      });
      await repository.linkCardPaymentEntry(trx, reference, entryId);
      if (settled.purpose === 'SUBSCRIPTION' && settled.subscription_plan_id) {
        const revenue = await ledger.platformAccount(trx, 'PLATFORM_REVENUE');
        await ledger.post(trx, {
          idempotencyKey: `subscription:${reference}`,
          kind: 'SUBSCRIPTION',
          description: 'Subscription renewal paid by card',
          reference,
          createdBy: settled.initiated_by,
          postings: [
            { accountId: settled.account_id, amount: -expected, type: 'SUBSCRIPTION', note: 'Subscription renewal' },
            { accountId: revenue, amount: expected, type: 'SUBSCRIPTION', note: settled.organization_id },
          ],
        });
        await renewal.applyPaidRenewal(trx, settled.organization_id, settled.subscription_plan_id);
      }
      return settled;
    });
    if (!credited) return 'unchanged';
    if (credited.purpose === 'WALLET_FUNDING') {
      await deps.notifications.notifyOrganization(
        'walletFunded',
        credited.organization_id,
        { subject: `Wallet funded: ${formatNaira(expected)}`, text: `${formatNaira(expected)} paid by card (reference ${reference}) is now on the wallet.` },
        credited.initiated_by ? [credited.initiated_by] : [],
      );
    }
    return 'credited';
  }

  /**
   * A payout reached its outcome. Success clears it; failure or reversal puts the money back on
   * the station's wallet with exactly one compensating entry.
   */
  async function finishPayout(reference: string, status: TransferStatus, reason?: string): Promise<void> {
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
      const settled = await repository.settlePayout(trx, reference, payout.status, { status: outcome, reason: reason ?? `The bank transfer ${status}` });
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
    });
  }

  /** Calls the provider for a saved payout; a timeout is retried with the same reference. */
  async function transfer(payout: { reference: string; amountKobo: bigint; recipientCode: string; reason: string }): Promise<void> {
    for (let attempt = 0; attempt <= deps.transferRetries; attempt += 1) {
      try {
        const result = await provider.initiateTransfer({ ...payout });
        await repository.recordTransferAttempt(db, payout.reference, result.transferCode);
        await finishPayout(payout.reference, result.status);
        return;
      } catch (error) {
        await repository.recordTransferAttempt(db, payout.reference, null);
        if (!(error instanceof ProviderUnavailableError)) throw error;
        if (!error.retryable) {
          await finishPayout(payout.reference, 'failed', error.message);
          return;
        }
        log.warn({ err: error, reference: payout.reference, attempt }, 'transfer attempt failed; retrying with the same reference');
      }
    }
    // Still unanswered: the payout stays PENDING; the provider's webhook (or a later settle) decides it.
  }

  return {
    async get(actor: Actor, query: { organizationId?: string; stationId?: string }) {
      let owner: { organizationId: string } | { stationId: string };
      if (actor.role === 'ADMIN') {
        if (query.organizationId) owner = { organizationId: query.organizationId };
        else if (query.stationId) owner = { stationId: query.stationId };
        else throw invalidField('organizationId', 'Name the organizationId or stationId of the wallet');
      } else if (actor.organizationId) {
        if ((query.organizationId && query.organizationId !== actor.organizationId) || query.stationId) throw notFound('Wallet');
        owner = { organizationId: actor.organizationId };
      } else if (actor.fuelStationId) {
        if ((query.stationId && query.stationId !== actor.fuelStationId) || query.organizationId) throw notFound('Wallet');
        owner = { stationId: actor.fuelStationId };
      } else {
        throw forbidden();
      }
      const wallet = await repository.findWalletIdOf(db, owner);
      if (!wallet) throw notFound('Wallet');
      return { wallet: toWallet(await view(wallet.id)) };
    },

    async transactions(actor: Actor, walletId: string, filters: { type?: string; status?: string; reference?: string; page: number; pageSize: number }) {
      await visible(actor, walletId);
      const { rows, total } = await repository.listTransactions(db, walletId, filters);
      return { transactions: rows.map(toTransaction), total };
    },

    async fund(actor: Actor, body: RouteBody<typeof walletRoutes.fund>) {
      const organizationId = actor.organizationId;
      if (!organizationId) throw forbidden();
      const wallet = await view((await ledger.wallet(db, { organizationId })).id);
      if (wallet.organization_status !== 'ACTIVE') {
        throw new AppError('TENANT_READ_ONLY', `${wallet.organization_name ?? 'The organization'} is ${(wallet.organization_status ?? '').toLowerCase()} and read-only: the wallet cannot be funded`);
      }
      return startCardPayment(actor, { purpose: 'WALLET_FUNDING', organizationId, planId: null, amountKobo: nairaToKobo(body.amount), callbackPath: '/wallet' });
    },

    async makePurchase(actor: Actor, body: RouteBody<typeof walletRoutes.makePurchase>) {
      const organizationId = actor.organizationId;
      if (!organizationId) throw forbidden();
      const terms = await renewal.terms(organizationId, body.subscriptionId);
      if (terms.amountKobo <= 0n) {
        throw new AppError('RULE_VIOLATION', `The ${terms.planName} plan is free: renew it from the Billing page without a card`);
      }
      return startCardPayment(actor, { purpose: 'SUBSCRIPTION', organizationId, planId: terms.planId, amountKobo: terms.amountKobo, callbackPath: '/billing' });
    },

    banks: async () => ({ banks: await providerCall('list banks', () => provider.listBanks()) }),

    async verifyBank(accountNumber: string, bankCode: string) {
      const name = await providerCall('check the account', () => provider.resolveAccount(accountNumber, bankCode));
      if (!name) throw new AppError('RULE_VIOLATION', 'The bank could not find this account number. Check the number and the bank.', { field: 'accountNumber' });
      return { account_name: name, accountName: name };
    },

    async updateBanking(actor: Actor, walletId: string, body: RouteBody<typeof walletRoutes.updateBanking>) {
      const wallet = await visible(actor, walletId);
      if (wallet.kind !== 'STATION_WALLET') throw new AppError('RULE_VIOLATION', 'Only station wallets have payout bank details');
      const name = await providerCall('check the account', () => provider.resolveAccount(body.accountNumber, body.bankCode));
      if (!name) throw new AppError('RULE_VIOLATION', 'The bank could not find this account number. Check the number and the bank.', { field: 'accountNumber' });
      const banks = await providerCall('list banks', () => provider.listBanks());
      await repository.saveBanking(db, walletId, {
        accountNumber: body.accountNumber,
        bankCode: body.bankCode,
        bankName: banks.find((bank) => bank.code === body.bankCode)?.name ?? null,
        accountName: name,
      });
      return { message: `Bank details saved and verified: ${name}`, wallet: toWallet(await view(walletId)) };
    },

    async createTransaction(actor: Actor, walletId: string, body: RouteBody<typeof walletRoutes.createTransaction>, requestKey: string | null) {
      const wallet = await visible(actor, walletId);
      const amount = nairaToKobo(body.amount);
      const signed = body.type === 'CREDIT' ? amount : -amount;
      const entryId = await db.transaction().execute(async (trx) => {
        const adjustments = await ledger.platformAccount(trx, 'ADJUSTMENTS');
        const result = await ledger.post(trx, {
          idempotencyKey: `adjustment:${actor.userId}:${requestKey ?? randomUUID()}`,
          kind: body.type,
          description: `Balance ${body.type === 'CREDIT' ? 'credited' : 'debited'} by the platform admin`,
          createdBy: actor.userId,
          postings: [
            { accountId: wallet.id, amount: signed, type: body.type, note: body.note },
            { accountId: adjustments, amount: -signed, type: body.type, note: body.note },
          ],
        });
        return result.entryId;
      });
      const posting = await repository.findPostingOfEntry(db, entryId, wallet.id);
      return {
        message: `${formatNaira(amount)} ${body.type === 'CREDIT' ? 'credited to' : 'debited from'} the wallet`,
        transaction: toTransaction(posting),
        wallet: toWallet(await view(wallet.id)),
      };
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
      if (amount <= 0n) throw new AppError('RULE_VIOLATION', `There is nothing to pay out: ${name} has ${formatNaira(available)} available`);

      let recipientCode = wallet.transfer_recipient_code;
      if (!recipientCode) {
        recipientCode = await providerCall('register the bank account', () =>
          provider.createTransferRecipient({ name: wallet.bank_account_name as string, accountNumber: wallet.bank_account_number as string, bankCode: wallet.bank_code as string }),
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
            { accountId: wallet.id, amount: -amount, type: 'PAYOUT', note: `To ${wallet.bank_name ?? 'bank'} ${wallet.bank_account_number}` },
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
        return { reference: fresh, amountKobo: amount, settled: false };
      });
      // A repeated reference is answered with its first transfer by the provider, so finishing an
      // interrupted payout cannot pay twice either.
      if (!settled) await transfer({ reference, amountKobo, recipientCode, reason: `FleetFuel payout to ${name}` });
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

    /** A provider event. Unsigned or mis-signed events change nothing. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined) {
      if (!provider.verifyWebhookSignature(rawBody, signature)) {
        throw new AppError('UNAUTHENTICATED', 'Invalid webhook signature');
      }
      let event: { event?: unknown; data?: { reference?: unknown } };
      try {
        event = JSON.parse(rawBody.toString('utf8')) as typeof event;
      } catch {
        throw new AppError('BAD_REQUEST', 'The webhook body is not valid JSON');
      }
      const reference = typeof event.data?.reference === 'string' ? event.data.reference : null;
      if (!reference) return { received: true };
      switch (event.event) {
        case 'charge.success':
        case 'charge.failed':
          // Anyone holding the key could send either; the provider's verify says which is true.
          await reconcileCharge(reference);
          break;
        case 'transfer.success':
        case 'transfer.failed':
        case 'transfer.reversed': {
          // The event says what happened; the provider's own record decides.
          const verified = await provider.verifyTransfer(reference);
          if (verified) await finishPayout(reference, verified.status);
          break;
        }
        default:
          log.info({ event: event.event }, 'ignored payment event');
      }
      return { received: true };
    },

    /**
     * The reconciliation job: asks the provider again about card payments still open (PENDING,
     * or FAILED within the window) and applies its answer, so that a payment made after a failed
     * attempt, or whose webhook never came, is credited, once; PENDING payments past the window
     * that the provider has not seen paid become EXPIRED. Safe when several instances run it.
     */
    /**
     * `recheckAfterMs`: how long a payment just asked about is left alone (the periodic job spaces
     * its questions; a start after a crash asks about every open payment at once).
     */
    async reconcileCardPayments(
      options: { recheckAfterMs?: number } = {},
    ): Promise<{ checked: number; credited: number; failed: number; expired: number; errors: number }> {
      const now = deps.clock.now();
      const windowStart = new Date(now.getTime() - CARD_RECONCILIATION_WINDOW_MS);
      const claimed = await repository.claimCardPaymentsToReconcile(db, {
        provider: provider.name,
        now,
        windowStart,
        checkedBefore: new Date(now.getTime() - (options.recheckAfterMs ?? CARD_RECHECK_MS)),
        limit: CARD_RECONCILIATION_BATCH,
      });
      const totals = { checked: claimed.length, credited: 0, failed: 0, expired: 0, errors: 0 };
      for (const payment of claimed) {
        const pastWindow = payment.status === 'PENDING' && payment.created_at < windowStart;
        try {
          const outcome = await reconcileCharge(payment.reference, pastWindow);
          if (outcome !== 'unchanged') totals[outcome] += 1;
        } catch (error) {
          // One payment the provider cannot answer about now must not stop the others; the next run asks again.
          totals.errors += 1;
          log.warn({ err: error, reference: payment.reference }, 'card payment reconciliation failed');
        }
      }
      return totals;
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
