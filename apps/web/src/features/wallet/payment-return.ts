/**
 * Coming back from the card page with `?reference=…`: the payment's outcome is read from the wallet's
 * transactions. The provider's webhook may land a moment after the browser returns, so a payment
 * still awaiting confirmation is asked about again a few times.
 */
import type { Transaction } from '@fleetfuel/contract';

export type PaymentOutcome =
  | { kind: 'unknown' }
  | { kind: 'pending'; transaction: Transaction }
  | { kind: 'success'; transaction: Transaction }
  | { kind: 'failed'; transaction: Transaction };

/** A successful card payment shows as the FUNDING credit that carries its reference. */
export function paymentOutcome(transactions: readonly Transaction[] | undefined, reference: string): PaymentOutcome {
  const matching = (transactions ?? []).filter((t) => t.reference === reference);
  const credited = matching.find((t) => t.status === 'SUCCESS' && t.direction === 'CREDIT') ?? matching.find((t) => t.status === 'SUCCESS');
  if (credited) return { kind: 'success', transaction: credited };
  // An EXPIRED checkout was never paid: as final as a failure for the payer coming back.
  const failed = matching.find((t) => t.status === 'FAILED' || t.status === 'EXPIRED');
  if (failed) return { kind: 'failed', transaction: failed };
  const pending = matching.find((t) => t.status === 'PENDING');
  if (pending) return { kind: 'pending', transaction: pending };
  return { kind: 'unknown' };
}

const PAYMENT_POLL_INTERVAL_MS = 1500;
export const PAYMENT_POLL_ATTEMPTS = 8;

/** How soon to ask again, or false once the outcome is known or the attempts are used up. */
export function nextPaymentPoll(outcome: PaymentOutcome, attemptsSoFar: number): number | false {
  if (outcome.kind === 'success' || outcome.kind === 'failed') return false;
  return attemptsSoFar < PAYMENT_POLL_ATTEMPTS ? PAYMENT_POLL_INTERVAL_MS : false;
}
