/** The payment provider's webhooks: signed events that prompt asking the provider what happened. */
import { AppError } from '../../platform/errors.js';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../../platform/http/validation.js';
import type { CardPaymentsService } from './card-payments.service.js';
import type { PayoutsService } from './payouts.service.js';
import type { WalletDeps } from './wallet-access.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

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
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError('BAD_REQUEST', 'The webhook body is not valid JSON');
      }
      if (!isObject(parsed)) throw new AppError('BAD_REQUEST', 'The webhook body must be a JSON object');
      if (nestedDeeperThan(parsed, MAX_JSON_DEPTH)) {
        throw new AppError('BAD_REQUEST', `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep`);
      }
      const event = parsed as { event?: unknown; data?: unknown };
      const reference = isObject(event.data) && typeof event.data.reference === 'string' ? event.data.reference : null;
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
          if (verified) await payouts.finishVerifiedPayout(reference, verified);
          break;
        }
        default:
          log.info({ event: event.event }, 'ignored payment event');
      }
      return { received: true };
    },
  };
}
