/**
 * The new-price form of the station representative's price management. The price is validated by
 * the contract's own body schema (naira, above zero, at most two decimals).
 */
import { z } from 'zod';
import { MESSAGES, priceUpdateBodySchema, type SoldFuelType } from '@fleetfuel/contract';

const formFieldsSchema = z.object({ fuelType: z.string(), pricePerLitre: z.string() });
export type PriceFormValues = z.infer<typeof formFieldsSchema>;

export const priceFormSchema = formFieldsSchema.superRefine((values, ctx) => {
  if (values.fuelType === '') ctx.addIssue({ code: 'custom', path: ['fuelType'], message: MESSAGES.required });
  const result = priceUpdateBodySchema.safeParse({ fuelType: values.fuelType, pricePerLitre: values.pricePerLitre.trim() });
  if (result.success) return;
  for (const issue of result.error.issues) {
    const [field] = issue.path;
    if (field === 'fuelType' && values.fuelType === '') continue;
    ctx.addIssue({ code: 'custom', path: issue.path.map(String), message: issue.message });
  }
});

export function toPriceBody(values: PriceFormValues): { pricePerLitre: number; fuelType: SoldFuelType } {
  return priceUpdateBodySchema.parse({ fuelType: values.fuelType, pricePerLitre: values.pricePerLitre.trim() });
}

/** "L" → "₦/L": how a price per unit of a fuel is labelled. */
export function unitLabel(unit: string): string {
  return `₦/${unit}`;
}
