import { describe, expect, it } from 'vitest';
import {
  COVERAGE_ORDER_MESSAGE,
  insuranceFormSchema,
  insuranceToForm,
  insuranceTypeChoices,
  toInsuranceFormData,
  type InsuranceFormValues,
} from './insurance-form';

function issues(values: InsuranceFormValues): Record<string, string> {
  const result = insuranceFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const policy: InsuranceFormValues = {
  insurerName: 'Leadway Assurance',
  insuranceType: 'Comprehensive',
  insuranceNumber: 'POL-1',
  coverageStartDate: '2026-01-01',
  coverageExipiryDate: '2026-12-31',
  amount: '385000',
};

describe('insurance form', () => {
  it('accepts a complete policy', () => {
    expect(issues(policy)).toEqual({});
  });

  it('needs every field and a valid amount', () => {
    expect(issues(insuranceToForm(undefined))).toMatchObject({
      insurerName: 'This field is required',
      insuranceType: 'This field is required',
      coverageStartDate: 'Must be a valid date (YYYY-MM-DD)',
      amount: 'Please enter valid amount',
    });
  });

  it('refuses a coverage that ends before it starts', () => {
    expect(issues({ ...policy, coverageExipiryDate: '2025-12-31' })).toEqual({ coverageExipiryDate: COVERAGE_ORDER_MESSAGE });
  });

  it('sends the end date under the spec spelling, with the document', () => {
    const document = new File(['%PDF-1.4'], 'policy.pdf', { type: 'application/pdf' });
    const data = toInsuranceFormData(policy, document);
    expect(data.get('coverageExipiryDate')).toBe('2026-12-31');
    expect(data.get('document')).toBeInstanceOf(File);
  });

  it('keeps an unusual recorded type among the choices', () => {
    expect(insuranceTypeChoices(null)).toEqual(['Comprehensive', 'Third Party', 'Third Party, Fire & Theft']);
    expect(insuranceTypeChoices('Fleet Policy')).toContain('Fleet Policy');
    expect(insuranceTypeChoices('Third Party')).toHaveLength(3);
  });
});
