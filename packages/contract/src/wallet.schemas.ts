/** Wallets, their transactions, card funding, bank details and payouts (spec sections 3 and 7, Wallet). */
import { z } from 'zod';
import {
  dateRangeFields,
  idSchema,
  listQuerySchema,
  pageMetaSchema,
  sortQueryFields,
  timestampSchema,
  withDateRangeCheck,
} from './common.js';
import { BANK_ACCOUNT_NUMBER_LENGTH } from './enums.js';
import { transactionStatusSchema, transactionTypeSchema } from './enum-schemas.js';
import { requiredText } from './identity.js';
import { MESSAGES } from './messages.js';
import { formNaira } from './plans.schemas.js';

export const walletSchema = z.object({
  id: idSchema,
  /** Naira in the wallet, held money included. */
  balance: z.number(),
  /** Naira reserved by approved requests not yet redeemed. */
  held: z.number(),
  /** balance − held: what can be spent or paid out. */
  available: z.number(),
  currency: z.literal('NGN'),
  owner: z.object({ kind: z.enum(['ORGANIZATION', 'STATION']), id: idSchema, name: z.string() }),
  accountNumber: z.string().nullable(),
  bankCode: z.string().nullable(),
  bankName: z.string().nullable(),
  accountName: z.string().nullable(),
  /** Bank details are verified when the bank resolved the account name; payouts need it. */
  bankingVerified: z.boolean(),
});
export type Wallet = z.infer<typeof walletSchema>;

export const walletQuerySchema = z.strictObject({ stationId: idSchema.optional(), organizationId: idSchema.optional() });
export const walletReplySchema = z.object({ wallet: walletSchema });

export const transactionSchema = z.object({
  id: z.string(),
  /** Naira; negative when money left the wallet. */
  amount: z.number(),
  direction: z.enum(['CREDIT', 'DEBIT']),
  type: transactionTypeSchema,
  note: z.string().nullable(),
  fee: z.number(),
  reference: z.string().nullable(),
  status: transactionStatusSchema,
  createdAt: timestampSchema,
});
export type Transaction = z.infer<typeof transactionSchema>;

/** The transactions list's filters, which its export shares; `from` and `to` bound the day of each. */
export const transactionFiltersSchema = listQuerySchema.extend({
  type: transactionTypeSchema.optional(),
  status: transactionStatusSchema.optional(),
  /** The provider or coupon reference, e.g. to find a card payment on return from the checkout. */
  reference: z.string().trim().min(1).max(100).optional(),
  ...dateRangeFields,
});
export const TRANSACTION_SORTS = ['createdAt', 'amount', 'fee', 'type', 'status'] as const;
export const transactionListQuerySchema = withDateRangeCheck(transactionFiltersSchema.extend(sortQueryFields(TRANSACTION_SORTS)));
export const transactionListReplySchema = z.object({ transactions: z.array(transactionSchema), meta: pageMetaSchema });

export const fundBodySchema = z.strictObject({ amount: formNaira({ positive: true }) });
export const checkoutReplySchema = z.object({ checkoutUrl: z.string(), reference: z.string() });
export const makePurchaseBodySchema = z.strictObject({ subscriptionId: idSchema.optional() });

export const bankSchema = z.object({ name: z.string(), code: z.string() });
export const banksReplySchema = z.object({ banks: z.array(bankSchema) });

const accountNumberSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .regex(new RegExp(`^\\d{${BANK_ACCOUNT_NUMBER_LENGTH}}$`), `Must be exactly ${BANK_ACCOUNT_NUMBER_LENGTH} digits`);
const bankCodeSchema = z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(10);

export const bankVerifyQuerySchema = z.strictObject({ accountNumber: accountNumberSchema, bankCode: bankCodeSchema });
export const bankVerifyReplySchema = z.object({ account_name: z.string(), accountName: z.string() });

export const updateBankingBodySchema = z.strictObject({
  accountNumber: accountNumberSchema,
  bankCode: bankCodeSchema,
  /** What the form showed; the server resolves the name again and stores the bank's answer. */
  accountName: z.string().trim().max(200).optional(),
});
export const walletWriteReplySchema = z.object({ message: z.string(), wallet: walletSchema });

export const createTransactionBodySchema = z.strictObject({
  amount: formNaira({ positive: true }),
  type: z.enum(['CREDIT', 'DEBIT'], { error: 'Choose CREDIT or DEBIT' }),
  note: requiredText(300),
});
export const createTransactionReplySchema = z.object({ message: z.string(), transaction: transactionSchema, wallet: walletSchema });

export const payoutSchema = z.object({
  id: idSchema,
  reference: z.string(),
  amount: z.number(),
  status: z.enum(['PENDING', 'SUCCESS', 'FAILED', 'REVERSED']),
  bankName: z.string().nullable(),
  accountNumber: z.string(),
  accountName: z.string(),
  failureReason: z.string().nullable(),
  createdAt: timestampSchema,
  completedAt: timestampSchema.nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const settlePaymentBodySchema = z.strictObject({
  /** Naira to pay out; the whole available balance when absent. */
  amount: formNaira({ positive: true }).optional(),
});
export const settlePaymentReplySchema = z.object({ message: z.string(), payout: payoutSchema, wallet: walletSchema });

export const webhookReplySchema = z.object({ received: z.boolean() });
