/**
 * The sandbox provider: Paystack's behaviour without Paystack. Checkouts are pages served by the
 * app where the payer chooses to pay or fail; the outcome arrives as a signed webhook through the
 * same route Paystack calls. Any 10-digit account resolves (to a name made from its last digits)
 * except those starting 000; transfers to accounts ending in 9 fail, so that failure can be tried.
 */
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { PaymentProvider, TransferStatus } from './provider.js';
import { SANDBOX_BANKS, signWebhook, webhookSignatureMatches } from './provider.js';

export interface SandboxSettings {
  appUrl: string;
  webhookSecret: string;
}

/** Hands a signed webhook to the app's own webhook route. */
export type WebhookDelivery = (rawBody: string, signature: string) => Promise<void>;

export interface SandboxProvider extends PaymentProvider {
  /** The payer's choice on the sandbox checkout page; delivers the webhook and returns where to send the payer. */
  completeCheckout(reference: string, outcome: 'success' | 'failed'): Promise<string | null>;
  findCharge(reference: string): Promise<{ amountKobo: bigint; email: string; status: string } | null>;
}

export function createSandboxProvider(deps: {
  db: Database;
  settings: SandboxSettings;
  deliver: WebhookDelivery;
  schedule: (name: string, task: () => Promise<unknown>) => void;
}): SandboxProvider {
  const { db, settings } = deps;

  function sendWebhook(event: string, data: Record<string, unknown>) {
    const raw = JSON.stringify({ event, data });
    deps.schedule(`sandbox webhook ${event}`, () => deps.deliver(raw, signWebhook(settings.webhookSecret, raw)));
  }

  return {
    name: 'sandbox',

    async initializeCheckout(request) {
      await db
        .insertInto('sandbox_charges')
        .values({
          reference: request.reference,
          amount_kobo: request.amountKobo.toString(),
          email: request.email,
          callback_url: request.callbackUrl,
        })
        .execute();
      return { checkoutUrl: `${settings.appUrl}/api/payments/sandbox/checkout/${encodeURIComponent(request.reference)}` };
    },

    async verifyCharge(reference) {
      const charge = await db.selectFrom('sandbox_charges').selectAll().where('reference', '=', reference).executeTakeFirst();
      return {
        status: charge ? (charge.status as 'success' | 'failed' | 'pending') : 'failed',
        amountKobo: BigInt(charge?.amount_kobo ?? 0),
        currency: 'NGN',
        reference,
      };
    },

    async findCharge(reference) {
      const charge = await db.selectFrom('sandbox_charges').selectAll().where('reference', '=', reference).executeTakeFirst();
      return charge ? { amountKobo: BigInt(charge.amount_kobo), email: charge.email, status: charge.status } : null;
    },

    async completeCheckout(reference, outcome) {
      const charge = await db
        .updateTable('sandbox_charges')
        .set({ status: outcome })
        .where('reference', '=', reference)
        .where('status', '=', 'pending')
        .returning(['amount_kobo', 'callback_url'])
        .executeTakeFirst();
      if (!charge) return null;
      sendWebhook(outcome === 'success' ? 'charge.success' : 'charge.failed', {
        reference,
        amount: Number(charge.amount_kobo),
        currency: 'NGN',
        status: outcome,
      });
      const separator = charge.callback_url.includes('?') ? '&' : '?';
      return `${charge.callback_url}${separator}reference=${encodeURIComponent(reference)}`;
    },

    listBanks: () => Promise.resolve(SANDBOX_BANKS),

    resolveAccount(accountNumber, bankCode) {
      const known = SANDBOX_BANKS.some((bank) => bank.code === bankCode);
      if (!known || !/^\d{10}$/.test(accountNumber) || accountNumber.startsWith('000')) return Promise.resolve(null);
      return Promise.resolve(`SANDBOX ACCOUNT ${accountNumber.slice(-4)}`);
    },

    createTransferRecipient: (recipient) => Promise.resolve(`RCP_sandbox_${recipient.bankCode}_${recipient.accountNumber}`),

    async initiateTransfer(transfer) {
      const status: TransferStatus = transfer.recipientCode.endsWith('9') ? 'failed' : 'success';
      const inserted = await db
        .insertInto('sandbox_transfers')
        .values({
          reference: transfer.reference,
          amount_kobo: transfer.amountKobo.toString(),
          recipient_code: transfer.recipientCode,
          status,
        })
        .onConflict((oc) => oc.column('reference').doNothing())
        .returning('status')
        .executeTakeFirst();
      // A retried reference is the same transfer: Paystack answers with it rather than paying twice.
      if (inserted) {
        sendWebhook(status === 'success' ? 'transfer.success' : 'transfer.failed', {
          reference: transfer.reference,
          amount: Number(transfer.amountKobo),
          transfer_code: `TRF_sandbox_${transfer.reference}`,
          status,
        });
      }
      return { status: 'pending', transferCode: `TRF_sandbox_${transfer.reference}` };
    },

    async verifyTransfer(reference) {
      const row = await db
        .selectFrom('sandbox_transfers')
        .select(['status', 'amount_kobo', sql<string>`'TRF_sandbox_' || reference`.as('code')])
        .where('reference', '=', reference)
        .executeTakeFirst();
      return row
        ? { status: row.status as TransferStatus, transferCode: row.code, reference, amountKobo: BigInt(row.amount_kobo), currency: 'NGN' }
        : null;
    },

    verifyWebhookSignature: (rawBody, signature) => webhookSignatureMatches(settings.webhookSecret, rawBody, signature),
  };
}
