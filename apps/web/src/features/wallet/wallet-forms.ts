/**
 * The wallet's money forms: top-up, Change Balance and Settle Payout. Amounts are validated by the
 * contract's body schemas, whose message for a missing or bad amount is the spec's warning
 * 'Please enter valid amount'.
 */
import { z } from 'zod';
import { MESSAGES, createTransactionBodySchema, fundBodySchema, settlePaymentBodySchema } from '@fleetfuel/contract';

function reportIssues(result: z.ZodSafeParseResult<unknown>, ctx: z.RefinementCtx, skip: (field: string) => boolean = () => false) {
  if (result.success) return;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (skip(field)) continue;
    ctx.addIssue({ code: 'custom', path: issue.path.map(String), message: issue.message });
  }
}

export const topUpFormSchema = z.object({ amount: z.string() }).superRefine((values, ctx) => {
  reportIssues(fundBodySchema.safeParse({ amount: values.amount.trim() }), ctx);
});
export type TopUpFormValues = z.infer<typeof topUpFormSchema>;

export function toTopUpBody(values: TopUpFormValues): { amount: number } {
  return fundBodySchema.parse({ amount: values.amount.trim() });
}

export const changeBalanceFormSchema = z.object({ type: z.string(), amount: z.string(), note: z.string() }).superRefine((values, ctx) => {
  if (values.type === '') ctx.addIssue({ code: 'custom', path: ['type'], message: MESSAGES.required });
  reportIssues(
    createTransactionBodySchema.safeParse({ type: values.type, amount: values.amount.trim(), note: values.note }),
    ctx,
    (field) => field === 'type' && values.type === '',
  );
});
export type ChangeBalanceFormValues = z.infer<typeof changeBalanceFormSchema>;

export function toChangeBalanceBody(values: ChangeBalanceFormValues) {
  return createTransactionBodySchema.parse({ type: values.type, amount: values.amount.trim(), note: values.note });
}

/** A payout of part of the balance, or of all that is available when the amount is left empty. */
export function settleFormSchema(available: number) {
  return z.object({ amount: z.string() }).superRefine((values, ctx) => {
    const amount = values.amount.trim();
    if (amount === '') return;
    const result = settlePaymentBodySchema.safeParse({ amount });
    reportIssues(result, ctx);
    if (result.success && (result.data.amount ?? 0) > available) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Must not be more than the available balance' });
    }
  });
}
export type SettleFormValues = { amount: string };

export function toSettleBody(values: SettleFormValues): { amount?: number } {
  const amount = values.amount.trim();
  return amount === '' ? {} : settlePaymentBodySchema.parse({ amount });
}

/** "+₦5,000.00" or "−₦5,000.00": the amount with the way the money went. */
export function signedAmount(amount: number, direction: 'CREDIT' | 'DEBIT', format: (value: number) => string): string {
  return `${direction === 'DEBIT' ? '−' : '+'}${format(Math.abs(amount))}`;
}
