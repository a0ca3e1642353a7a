/**
 * The Paystack provider, written against Paystack's public REST API
 * (https://paystack.com/docs/api): amounts in kobo, Bearer secret key, `{status, message, data}`
 * replies. Network failures and 5xx replies raise ProviderUnavailableError (retryable); Paystack's
 * own refusals come back as results or as errors with its message.
 */
import type { Bank, ChargeVerification, PaymentProvider, TransferStatus, TransferVerification } from './provider.js';
import { ProviderUnavailableError, webhookSignatureMatches } from './provider.js';

export interface PaystackSettings {
  secretKey: string | null;
  baseUrl: string;
  timeoutMs: number;
}

interface PaystackReply<T> {
  status: boolean;
  message: string;
  data: T;
}

export function createPaystackProvider(settings: PaystackSettings): PaymentProvider {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<PaystackReply<T>> {
    if (!settings.secretKey) throw new ProviderUnavailableError('Paystack is not configured (PAYSTACK_SECRET_KEY)', false);
    let response: Response;
    try {
      response = await fetch(`${settings.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${settings.secretKey}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      throw new ProviderUnavailableError(`Paystack did not answer: ${(error as Error).message}`, true);
    }
    const payload = (await response.json().catch(() => null)) as PaystackReply<T> | null;
    if (response.status >= 500 || !payload) {
      throw new ProviderUnavailableError(`Paystack answered ${response.status}`, response.status >= 500);
    }
    if (!response.ok || !payload.status) {
      throw new ProviderUnavailableError(`Paystack refused: ${payload.message}`, false);
    }
    return payload;
  }

  const transferStatus = (status: string): TransferStatus =>
    status === 'success' || status === 'failed' || status === 'reversed' ? status : 'pending';

  return {
    name: 'paystack',

    async initializeCheckout(request) {
      const reply = await call<{ authorization_url: string }>('POST', '/transaction/initialize', {
        email: request.email,
        amount: request.amountKobo.toString(),
        currency: 'NGN',
        reference: request.reference,
        callback_url: request.callbackUrl,
      });
      return { checkoutUrl: reply.data.authorization_url };
    },

    async verifyCharge(reference): Promise<ChargeVerification> {
      const reply = await call<{ status: string; amount: number; currency: string; reference: string }>(
        'GET',
        `/transaction/verify/${encodeURIComponent(reference)}`,
      );
      const status = reply.data.status;
      return {
        status: status === 'success' || status === 'failed' || status === 'abandoned' ? status : 'pending',
        amountKobo: BigInt(reply.data.amount),
        currency: reply.data.currency,
        reference: reply.data.reference,
      };
    },

    async listBanks(): Promise<Bank[]> {
      const reply = await call<Array<{ name: string; code: string; active?: boolean }>>(
        'GET',
        '/bank?country=nigeria&currency=NGN&perPage=100',
      );
      return reply.data.filter((bank) => bank.active !== false).map((bank) => ({ name: bank.name, code: bank.code }));
    },

    async resolveAccount(accountNumber, bankCode) {
      try {
        const reply = await call<{ account_name: string }>(
          'GET',
          `/bank/resolve?account_number=${encodeURIComponent(accountNumber)}&bank_code=${encodeURIComponent(bankCode)}`,
        );
        return reply.data.account_name;
      } catch (error) {
        if (error instanceof ProviderUnavailableError && !error.retryable) return null;
        throw error;
      }
    },

    async createTransferRecipient(recipient) {
      const reply = await call<{ recipient_code: string }>('POST', '/transferrecipient', {
        type: 'nuban',
        name: recipient.name,
        account_number: recipient.accountNumber,
        bank_code: recipient.bankCode,
        currency: 'NGN',
      });
      return reply.data.recipient_code;
    },

    async initiateTransfer(transfer) {
      const reply = await call<{ status: string; transfer_code: string }>('POST', '/transfer', {
        source: 'balance',
        amount: transfer.amountKobo.toString(),
        recipient: transfer.recipientCode,
        reference: transfer.reference,
        reason: transfer.reason,
      });
      return { status: transferStatus(reply.data.status), transferCode: reply.data.transfer_code };
    },

    async verifyTransfer(reference): Promise<TransferVerification | null> {
      try {
        const reply = await call<{ status: string; transfer_code: string; reference: string; amount: number; currency: string }>(
          'GET',
          `/transfer/verify/${encodeURIComponent(reference)}`,
        );
        return {
          status: transferStatus(reply.data.status),
          transferCode: reply.data.transfer_code,
          reference: reply.data.reference,
          amountKobo: BigInt(reply.data.amount),
          currency: reply.data.currency,
        };
      } catch (error) {
        if (error instanceof ProviderUnavailableError && !error.retryable) return null;
        throw error;
      }
    },

    verifyWebhookSignature: (rawBody, signature) => webhookSignatureMatches(settings.secretKey, rawBody, signature),
  };
}
