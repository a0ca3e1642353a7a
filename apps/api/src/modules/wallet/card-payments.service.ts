/**
 * Card payments: a wallet funding or a subscription paid by card. The provider's checkout is
 * started with a reference saved first; only the provider's verify decides the outcome, and the
 * wallet is credited once per reference (see docs/decisions/006). The reconciliation job asks the
 * provider again about payments still open.
 */
import { koboToNaira, nairaToKobo, type RouteBody, type walletRoutes } from '@fleetfuel/contract';
import { AppError, forbidden } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/actor.js';
import { returnAddress } from '../../platform/http/return-address.js';
import { ProviderUnavailableError, type ChargeVerification } from '../../platform/payments/provider.js';
import { formatNaira } from '@fleetfuel/contract';
import { newReference, type WalletAccess, type WalletDeps } from './wallet-access.js';
import * as repository from './card-payments.repository.js';
import type { CardPaymentStatus } from './card-payments.repository.js';
import { recordWalletMovement } from './wallet-audit.js';

/**
 * How long a card payment is reconciled with the provider: FAILED ones can still turn out paid,
 * and PENDING ones older than this that the provider has not seen paid are EXPIRED.
 */
const CARD_RECONCILIATION_WINDOW_MS = 48 * 60 * 60 * 1000;
/** The least time between two checks of one payment by the job, whichever instance runs it. */
const CARD_RECHECK_MS = 4 * 60 * 1000;
/** Payments checked per run; the least recently checked go first, so a backlog rotates. */
const CARD_RECONCILIATION_BATCH = 100;

/** What asking the provider about one card payment changed. */
type ChargeOutcome = 'credited' | 'failed' | 'expired' | 'unchanged';

export function createCardPaymentsService(deps: WalletDeps, access: WalletAccess) {
  const { db, ledger, provider, renewal, log } = deps;
  const { view } = access;

  async function startCardPayment(
    actor: Actor,
    payment: {
      purpose: 'WALLET_FUNDING' | 'SUBSCRIPTION';
      organizationId: string;
      planId: string | null;
      amountKobo: bigint;
      callbackPath: string;
      /** The `Origin` of the page that started the payment, if the browser sent one. */
      origin: string | undefined;
    },
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
    const email = (await repository.findUserEmail(db, actor.userId))?.email;
    try {
      const { checkoutUrl } = await provider.initializeCheckout({
        amountKobo: payment.amountKobo,
        email: email ?? `billing+${payment.organizationId}@fleetfuel.local`,
        reference,
        callbackUrl: `${returnAddress(payment.origin, deps.appUrl, { production: deps.production })}${payment.callbackPath}`,
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
  async function reconcileCharge(reference: string, options: { expireIfOpen?: boolean } = {}): Promise<ChargeOutcome> {
    const expireIfOpen = options.expireIfOpen ?? false;
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
    // An answer about another payment decides nothing about this one.
    if (verification.reference !== reference) {
      log.warn({ reference, reported: verification.reference }, 'the charge the provider verified is not this payment; left as it was');
      return 'unchanged';
    }
    const expected = BigInt(payment.amount_kobo);
    if (verification.status === 'success') {
      if (verification.amountKobo === expected && verification.currency === 'NGN') return credit(reference, expected);
      log.warn(
        { reference, expected: expected.toString(), reported: verification.amountKobo.toString(), currency: verification.currency },
        'charge amount mismatch',
      );
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
    const expired = await repository.settleCardPayment(db, reference, {
      status: 'EXPIRED',
      reason: `The card payment was not completed within ${hours} hours`,
    });
    return expired ? 'expired' : 'unchanged';
  }

  /** Card money arrived (verified with the provider): credit the wallet once, and renew if that was the purpose. */
  async function credit(reference: string, expected: bigint): Promise<ChargeOutcome> {
    const credited = await deps.notifications.sendingAfterCommit(async (trx) => {
      // Only the one caller whose conditional update wins posts; the ledger's idempotency key backs it up.
      const settled = await repository.settleCardPayment(trx, reference, { status: 'SUCCESS' }, [
        'PENDING',
        'FAILED',
        'EXPIRED',
      ] satisfies CardPaymentStatus[]);
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
      await recordWalletMovement(trx, ledger, {
        actor: null,
        action: 'wallet.funded',
        walletId: settled.account_id,
        amountKobo: expected,
        note: `Card payment ${reference}`,
      });
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
        await recordWalletMovement(trx, ledger, {
          actor: null,
          action: 'wallet.subscription_paid',
          walletId: settled.account_id,
          amountKobo: -expected,
          note: `Subscription renewal paid by card ${reference}`,
        });
        await renewal.applyPaidRenewal(trx, settled.organization_id, settled.subscription_plan_id);
      } else if (settled.purpose === 'WALLET_FUNDING') {
        await deps.notifications.notifyOrganization(
          trx,
          'walletFunded',
          settled.organization_id,
          { template: 'walletFunded', params: { amountKobo: expected.toString(), reference } },
          settled.initiated_by ? [settled.initiated_by] : [],
        );
      }
      return settled;
    });
    if (!credited) return 'unchanged';
    return 'credited';
  }

  return {
    reconcileCharge,

    async fund(actor: Actor, body: RouteBody<typeof walletRoutes.fund>, origin?: string) {
      const organizationId = actor.organizationId;
      if (!organizationId) throw forbidden();
      const wallet = await view((await ledger.wallet(db, { organizationId })).id);
      if (wallet.organization_status !== 'ACTIVE') {
        throw new AppError(
          'TENANT_READ_ONLY',
          `${wallet.organization_name ?? 'The organization'} is ${(wallet.organization_status ?? '').toLowerCase()} and read-only: the wallet cannot be funded`,
        );
      }
      return startCardPayment(actor, {
        purpose: 'WALLET_FUNDING',
        organizationId,
        planId: null,
        amountKobo: nairaToKobo(body.amount),
        callbackPath: '/wallet',
        origin,
      });
    },

    async makePurchase(actor: Actor, body: RouteBody<typeof walletRoutes.makePurchase>, origin?: string) {
      const organizationId = actor.organizationId;
      if (!organizationId) throw forbidden();
      const terms = await renewal.terms(organizationId, body.subscriptionId);
      if (terms.amountKobo <= 0n) {
        throw new AppError('RULE_VIOLATION', `The ${terms.planName} plan is free: renew it from the Billing page without a card`);
      }
      return startCardPayment(actor, {
        purpose: 'SUBSCRIPTION',
        organizationId,
        planId: terms.planId,
        amountKobo: terms.amountKobo,
        callbackPath: '/billing',
        origin,
      });
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
          const outcome = await reconcileCharge(payment.reference, { expireIfOpen: pastWindow });
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

export type CardPaymentsService = ReturnType<typeof createCardPaymentsService>;
