/**
 * One interface to the card and bank provider. `paystack` speaks Paystack's public API; `sandbox`
 * (the embedded default) simulates it inside the app, down to a checkout page and signed webhooks
 * delivered through the same route Paystack would call. Amounts are kobo throughout.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

interface CheckoutRequest {
  amountKobo: bigint;
  email: string;
  reference: string;
  callbackUrl: string;
}

type ChargeStatus = 'success' | 'failed' | 'pending' | 'abandoned';
export type TransferStatus = 'success' | 'failed' | 'pending' | 'reversed';

export interface ChargeVerification {
  status: ChargeStatus;
  amountKobo: bigint;
  currency: string;
  reference: string;
}

/** What the provider's own record says of a transfer: the caller checks it is the one it asked about. */
export interface TransferVerification {
  status: TransferStatus;
  transferCode: string | null;
  reference: string;
  amountKobo: bigint;
  currency: string;
}

export interface Bank {
  name: string;
  code: string;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'paystack';
  initializeCheckout(request: CheckoutRequest): Promise<{ checkoutUrl: string }>;
  verifyCharge(reference: string): Promise<ChargeVerification>;
  listBanks(): Promise<Bank[]>;
  /** The account holder's name, or null when the bank does not know the number. */
  resolveAccount(accountNumber: string, bankCode: string): Promise<string | null>;
  createTransferRecipient(recipient: { name: string; accountNumber: string; bankCode: string }): Promise<string>;
  initiateTransfer(transfer: {
    amountKobo: bigint;
    recipientCode: string;
    reference: string;
    reason: string;
  }): Promise<{ status: TransferStatus; transferCode: string | null }>;
  verifyTransfer(reference: string): Promise<TransferVerification | null>;
  /** Checks a webhook's signature over its raw body; always false when no secret is configured. */
  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean;
}

/** A provider could not be reached or answered with an error; the caller may retry. */
export class ProviderUnavailableError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

/** Paystack's webhook signature: hex HMAC-SHA512 of the raw body keyed by the secret key. */
export function signWebhook(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secret).update(rawBody).digest('hex');
}

export function webhookSignatureMatches(secret: string | null, rawBody: Buffer, signature: string | undefined): boolean {
  if (!secret || !signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(signWebhook(secret, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** Nigerian banks with their NIBSS codes, as the sandbox offers them. */
export const SANDBOX_BANKS: Bank[] = [
  { name: 'Access Bank', code: '044' },
  { name: 'Citibank Nigeria', code: '023' },
  { name: 'Ecobank Nigeria', code: '050' },
  { name: 'Fidelity Bank', code: '070' },
  { name: 'First Bank of Nigeria', code: '011' },
  { name: 'First City Monument Bank', code: '214' },
  { name: 'Guaranty Trust Bank', code: '058' },
  { name: 'Keystone Bank', code: '082' },
  { name: 'Kuda Bank', code: '50211' },
  { name: 'Moniepoint MFB', code: '50515' },
  { name: 'OPay', code: '999992' },
  { name: 'Polaris Bank', code: '076' },
  { name: 'Providus Bank', code: '101' },
  { name: 'Stanbic IBTC Bank', code: '221' },
  { name: 'Sterling Bank', code: '232' },
  { name: 'Union Bank of Nigeria', code: '032' },
  { name: 'United Bank For Africa', code: '033' },
  { name: 'Unity Bank', code: '215' },
  { name: 'Wema Bank', code: '035' },
  { name: 'Zenith Bank', code: '057' },
];
