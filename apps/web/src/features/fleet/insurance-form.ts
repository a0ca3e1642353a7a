/**
 * The insurance form: recording a policy, or renewing it (the latest recorded policy is the asset's
 * insurance). The coverage end goes out as `coverageExipiryDate`, the spec's spelling of the field.
 */
import { z } from 'zod';
import { insuranceWriteBodySchema, type Insurance } from '@fleetfuel/contract';

const formFieldsSchema = z.object({
  insurerName: z.string(),
  insuranceType: z.string(),
  insuranceNumber: z.string(),
  coverageStartDate: z.string(),
  coverageExipiryDate: z.string(),
  amount: z.string(),
});

export type InsuranceFormValues = z.infer<typeof formFieldsSchema>;

/** The usual motor policies in Nigeria; a policy recorded with another type keeps it as a choice. */
const INSURANCE_TYPES = ['Comprehensive', 'Third Party', 'Third Party, Fire & Theft'] as const;

export function insuranceTypeChoices(current: string | null | undefined): string[] {
  const choices: string[] = [...INSURANCE_TYPES];
  if (current && !choices.includes(current)) choices.push(current);
  return choices;
}

export const COVERAGE_ORDER_MESSAGE = 'The coverage must end on or after the day it starts';

export const insuranceFormSchema = formFieldsSchema.superRefine((values, ctx) => {
  const result = insuranceWriteBodySchema.safeParse(values);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string') ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
    }
  }
  // Dates as YYYY-MM-DD compare as text.
  if (values.coverageStartDate !== '' && values.coverageExipiryDate !== '' && values.coverageExipiryDate < values.coverageStartDate) {
    ctx.addIssue({ code: 'custom', path: ['coverageExipiryDate'], message: COVERAGE_ORDER_MESSAGE });
  }
});

export function toInsuranceFormData(values: InsuranceFormValues, document: File | null): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value.trim());
  if (document) data.append('document', document);
  return data;
}

/** A renewal starts from the policy on record; the user changes what the new one changes. */
export function insuranceToForm(insurance: Insurance | undefined): InsuranceFormValues {
  return {
    insurerName: insurance?.insurerName ?? '',
    insuranceType: insurance?.insuranceType ?? '',
    insuranceNumber: insurance?.insuranceNumber ?? '',
    coverageStartDate: insurance?.coverageStartDate ?? '',
    coverageExipiryDate: insurance?.coverageExipiryDate ?? '',
    amount: insurance?.amount === null || insurance?.amount === undefined ? '' : String(insurance.amount),
  };
}
