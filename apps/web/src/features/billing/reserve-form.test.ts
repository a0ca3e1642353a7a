import { describe, expect, it } from 'vitest';
import { reserveFormSchema, toReserveBody, usagePercent, usageText } from './reserve-form';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  if (result.success || !result.error) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('request reserve form', () => {
  it('needs a fuel type and a positive amount', () => {
    const errors = messages(reserveFormSchema.safeParse({ fuelType: '', amount: '' }));
    expect(errors.fuelType).toBe('This field is required');
    expect(errors.amount).toBe('Please enter valid amount');
    expect(toReserveBody({ fuelType: 'CNG', amount: '250' })).toMatchObject({ fuelType: 'CNG', amount: 250 });
  });
});

describe('plan usage', () => {
  it('reads "used / limit", or Unlimited when the limit is 0', () => {
    expect(usageText({ used: 2, limit: 25 })).toBe('2 / 25');
    expect(usageText({ used: 1200, limit: 0 })).toBe('1,200 / Unlimited');
  });

  it('fills the bar in proportion, never past full, and not at all when unlimited', () => {
    expect(usagePercent({ used: 5, limit: 20 })).toBe(25);
    expect(usagePercent({ used: 30, limit: 20 })).toBe(100);
    expect(usagePercent({ used: 30, limit: 0 })).toBe(0);
  });
});
