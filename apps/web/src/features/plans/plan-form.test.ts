import { describe, expect, it } from 'vitest';
import { emptyPlanForm, formatLimit, planFormSchema, planToForm, toCreatePlanBody } from './plan-form';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  if (result.success || !result.error) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('plan form', () => {
  it('starts with the 30-day cycle and empty (unlimited) limits', () => {
    expect(emptyPlanForm()).toMatchObject({ circle: '30', driversLimit: '', status: 'ACTIVE', isDefault: false });
  });

  it('sends empty limits as 0, which means unlimited', () => {
    const body = toCreatePlanBody({ ...emptyPlanForm(), name: 'Fleet Plus', amount: '45000', driversLimit: '12' });
    expect(body).toMatchObject({ name: 'Fleet Plus', amount: 45000, circle: 30, driversLimit: 12, assetsLimit: 0, fuelRequestLimit: 0 });
  });

  it('needs a name, an amount and a whole-number cycle', () => {
    const errors = messages(planFormSchema('create').safeParse({ ...emptyPlanForm(), circle: '' }));
    expect(errors.name).toBeDefined();
    expect(errors.amount).toBe('Please enter valid amount');
    expect(errors.circle).toBe('This field is required');
    expect(messages(planFormSchema('edit').safeParse({ ...emptyPlanForm(), name: 'X', amount: '1', circle: '7.5' })).circle).toBe(
      'Must be a whole number',
    );
    expect(messages(planFormSchema('edit').safeParse({ ...emptyPlanForm(), name: 'X', amount: '1', assetsLimit: '-1' })).assetsLimit).toBe(
      'Must be at least 0',
    );
  });

  it('shows a stored limit of 0 as an empty field and as Unlimited', () => {
    const values = planToForm({
      id: '94cb85cc-25c6-4506-9be9-59adf829a7f6',
      name: 'Enterprise',
      status: 'ACTIVE',
      circle: 365,
      amount: 250000,
      driversLimit: 0,
      assetsLimit: 40,
      fuelRequestLimit: 0,
      maintenanceRequestLimit: 0,
      description: null,
      isDefault: false,
      organizationsCount: 0,
      createdAt: '2026-01-01T00:00:00Z',
    });
    expect(values).toMatchObject({ circle: '365', amount: '250000', driversLimit: '', assetsLimit: '40', description: '' });
    expect(formatLimit(0)).toBe('Unlimited');
    expect(formatLimit(1500)).toBe('1,500');
  });
});
