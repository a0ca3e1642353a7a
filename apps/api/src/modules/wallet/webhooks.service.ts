/** The payment provider's webhooks: signed events that prompt asking the provider what happened. */
import { AppError } from '../../platform/errors.js';
import type { CardPaymentsService } from './card-payments.service.js';
import type { PayoutsService } from './payouts.service.js';
import type { WalletDeps } from './wallet-access.js';

export function createWebhooksService(
  deps: Pick<WalletDeps, 'provider' | 'log'>,
  handlers: { cardPayments: CardPaymentsService; payouts: PayoutsService },
) {
  const { provider, log } = deps;
  const { cardPayments, payouts } = handlers;

  return {
    /** A provider event. Unsigned or mis-signed events change nothing. */
    async handleWebhook(rawBody: Buffer, signatureHeader: string | string[] | undefined) {
      const signature = typeof signatureHeader === 'string' ? signatureHeader : undefined;
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
          await cardPayments.reconcileCharge(reference);
          break;
        case 'transfer.success':
        case 'transfer.failed':
        case 'transfer.reversed': {
          // The event says what happened; the provider's own record decides.
          const verified = await provider.verifyTransfer(reference);
          if (verified) await payouts.finishPayout(reference, verified.status);
          break;
        }
        default:
          log.info({ event: event.event }, 'ignored payment event');
      }
      return { received: true };
    },
  };
}
