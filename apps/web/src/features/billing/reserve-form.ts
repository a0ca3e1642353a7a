/** The Request Reserve form: a fuel type and an amount in that fuel's unit, checked by the contract. */
import { z } from 'zod';
import { MESSAGES, reserveCreateBodySchema } from '@fleetfuel/contract';

export const reserveFormSchema = z.object({ fuelType: z.string(), amount: z.string() }).superRefine((values, ctx) => {
  if (values.fuelType === '') ctx.addIssue({ code: 'custom', path: ['fuelType'], message: MESSAGES.required });
  const result = reserveCreateBodySchema.safeParse({ fuelType: values.fuelType, amount: values.amount.trim() });
  if (result.success) return;
  for (const issue of result.error.issues) {
    const [field] = issue.path;
    if (field === 'fuelType' && values.fuelType === '') continue;
    ctx.addIssue({ code: 'custom', path: issue.path.map(String), message: issue.message });
  }
});
export type ReserveFormValues = z.infer<typeof reserveFormSchema>;

export function toReserveBody(values: ReserveFormValues) {
  return reserveCreateBodySchema.parse({ fuelType: values.fuelType, amount: values.amount.trim() });
}

/** A usage bar's figures: "used / limit", or "Unlimited" when the limit is 0. */
export function usageText(usage: { used: number; limit: number }): string {
  const used = usage.used.toLocaleString('en-NG');
  return usage.limit === 0 ? `${used} / Unlimited` : `${used} / ${usage.limit.toLocaleString('en-NG')}`;
}

/** How full a limit is, 0–100; an unlimited plan is never full. */
export function usagePercent(usage: { used: number; limit: number }): number {
  if (usage.limit === 0) return 0;
  return Math.min(100, Math.round((usage.used / usage.limit) * 100));
}
