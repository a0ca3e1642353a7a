import { describe, expect, it } from 'vitest';
import { budgetAlertNotice, budgetPeriod, budgetThresholdsCrossed, budgetUsage, type BudgetPolicy } from './budget-usage.js';
import type { FuelPolicy, PeriodUse } from './fuel-policies.js';

const use = (litres: number, naira: number): PeriodUse => ({
  weekLitres: litres,
  monthLitres: litres,
  weekKobo: BigInt(naira * 100),
  monthKobo: BigInt(naira * 100),
});
const budget = (rule: BudgetPolicy['rule'], value: number, scope: FuelPolicy['scope'] = { type: 'ORGANIZATION', id: null, name: null }) =>
  ({ id: `p-${rule}`, rule, value, enforcement: 'SOFT', scope }) as BudgetPolicy;
const NONE = use(0, 0);
const used = (organization: PeriodUse, vehicle: PeriodUse = NONE) => ({
  ORGANIZATION: organization,
  GROUP: NONE,
  DRIVER: NONE,
  VEHICLE: vehicle,
});

describe('a budget period', () => {
  it('is the Lagos week from Monday: Sunday 23:30 in Lagos is still the week before', () => {
    // 2026-11-29 is a Sunday; 22:30 UTC is 23:30 in Lagos.
    expect(budgetPeriod('WEEKLY_LITRES', new Date('2026-11-29T22:30:00Z'))).toEqual({
      kind: 'WEEK',
      from: '2026-11-23',
      to: '2026-11-29',
      days: 7,
      daysBegun: 7,
    });
    // 23:30 UTC Sunday is Monday 00:30 in Lagos: a new week, its first day begun.
    expect(budgetPeriod('WEEKLY_BUDGET_NAIRA', new Date('2026-11-29T23:30:00Z'))).toMatchObject({ from: '2026-11-30', daysBegun: 1 });
  });

  it('is the Lagos calendar month, of its own length', () => {
    expect(budgetPeriod('MONTHLY_LITRES', new Date('2028-02-10T12:00:00Z'))).toEqual({
      kind: 'MONTH',
      from: '2028-02-01',
      to: '2028-02-29',
      days: 29,
      daysBegun: 10,
    });
    // 23:30 UTC on 31 January is 1 February in Lagos.
    expect(budgetPeriod('MONTHLY_BUDGET_NAIRA', new Date('2027-01-31T23:30:00Z'))).toMatchObject({ from: '2027-02-01', to: '2027-02-28' });
  });
});

describe("a budget's use", () => {
  it('gives what is left and, at the pace of the days begun, what the period would use', () => {
    // Wednesday: 3 of 7 days begun.
    const wednesday = new Date('2026-11-25T10:00:00Z');
    expect(budgetUsage(budget('WEEKLY_BUDGET_NAIRA', 150_000), use(0, 90_000), wednesday)).toEqual({
      period: { kind: 'WEEK', from: '2026-11-23', to: '2026-11-29' },
      unit: 'NAIRA',
      limit: 150_000,
      used: 90_000,
      remaining: 60_000,
      projected: 210_000,
      percentUsed: 60,
    });
    const overspent = budgetUsage(budget('WEEKLY_LITRES', 100), use(120.5, 0), wednesday);
    expect(overspent).toMatchObject({ unit: 'LITRES', used: 120.5, remaining: -20.5, percentUsed: 120 });
  });
});

describe('budget alerts', () => {
  const fill = { litres: 10, amountKobo: 1_000_000n }; // ₦10,000

  it('fires once when a fill brings a budget to 80%, and once when it reaches 100%', () => {
    const weekly = budget('WEEKLY_BUDGET_NAIRA', 50_000);
    expect(budgetThresholdsCrossed([weekly], used(use(0, 30_000)), fill)).toEqual([{ policy: weekly, percent: 80 }]);
    expect(budgetThresholdsCrossed([weekly], used(use(0, 40_000)), fill)).toEqual([{ policy: weekly, percent: 100 }]);
    // Already past both, or below 80% with the fill: nothing new to say.
    expect(budgetThresholdsCrossed([weekly], used(use(0, 50_000)), fill)).toEqual([]);
    expect(budgetThresholdsCrossed([weekly], used(use(0, 20_000)), fill)).toEqual([]);
  });

  it('names only the highest threshold a fill jumps past (75% to 158%), counting each budget in its own scope', () => {
    const monthlyLitres = budget('MONTHLY_LITRES', 12, { type: 'VEHICLE', id: 'v', name: 'LND-451-KJ' });
    const notBudget = {
      id: 'x',
      rule: 'MAX_LITRES_PER_FILL',
      value: 5,
      enforcement: 'HARD',
      scope: { type: 'ORGANIZATION', id: null, name: null },
    } as FuelPolicy;
    expect(budgetThresholdsCrossed([monthlyLitres, notBudget], used(use(500, 0), use(9, 0)), fill)).toEqual([
      { policy: monthlyLitres, percent: 100 },
    ]);
  });

  it('tells the admins which budget, where it comes from and which approval crossed it (worded by the e-mail templates)', () => {
    const crossed = { policy: budget('WEEKLY_BUDGET_NAIRA', 150_000, { type: 'GROUP', id: 'g', name: 'Logistics' }), percent: 80 as const };
    expect(budgetAlertNotice(crossed, { litres: 40, fuelType: 'PETROL', plate: 'LND-451-KJ' })).toEqual({
      template: 'budgetAlert',
      params: {
        percent: 80,
        weekly: true,
        budgetKobo: '15000000',
        limitLitres: null,
        scope: 'GROUP',
        scopeName: 'Logistics',
        litres: 40,
        fuelType: 'PETROL',
        plate: 'LND-451-KJ',
      },
    });
    const litres = { policy: budget('MONTHLY_LITRES', 500), percent: 100 as const };
    expect(budgetAlertNotice(litres, { litres: 20, fuelType: 'DIESEL', plate: 'APP-220-XA' }).params).toMatchObject({
      weekly: false,
      budgetKobo: null,
      limitLitres: 500,
      scope: 'ORGANIZATION',
    });
  });
});
