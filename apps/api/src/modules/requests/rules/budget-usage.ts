/**
 * Budgets you can see (issue 44), as pure functions: a budget policy's current Lagos period, its use
 * against its limit with the use projected to the period's end at the pace so far, and the alert
 * thresholds (80% and 100%) a fill crosses. The caller reads the use; nothing here reads a database.
 */
import { koboToNaira, nairaToKobo, type BudgetRule, type BudgetUsage, type SoldFuelType } from '@fleetfuel/contract';
import { addDays, lagosDate } from '../../../platform/clock.js';
import type { Notice } from '../../notifications/index.js';
import { policyPeriods, type FuelPolicy, type PeriodUse } from './fuel-policies.js';

export type BudgetPolicy = FuelPolicy & { rule: BudgetRule };

const BUDGET_RULE_SET: ReadonlySet<string> = new Set<BudgetRule>([
  'WEEKLY_BUDGET_NAIRA',
  'MONTHLY_BUDGET_NAIRA',
  'WEEKLY_LITRES',
  'MONTHLY_LITRES',
]);
export const isBudget = <P extends FuelPolicy>(policy: P): policy is P & BudgetPolicy => BUDGET_RULE_SET.has(policy.rule);

const isWeekly = (rule: BudgetRule) => rule === 'WEEKLY_BUDGET_NAIRA' || rule === 'WEEKLY_LITRES';
const inNaira = (rule: BudgetRule) => rule === 'WEEKLY_BUDGET_NAIRA' || rule === 'MONTHLY_BUDGET_NAIRA';

/** The Lagos days of the week (from Monday) or month `at` falls in, and how many of them have begun. */
export function budgetPeriod(rule: BudgetRule, at: Date): BudgetUsage['period'] & { days: number; daysBegun: number } {
  const { weekStart, monthStart } = policyPeriods(at);
  const from = lagosDate(isWeekly(rule) ? weekStart : monthStart);
  const nextMonth = new Date(`${from}T00:00:00Z`);
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
  const days = isWeekly(rule) ? 7 : Math.round((nextMonth.getTime() - new Date(`${from}T00:00:00Z`).getTime()) / 86_400_000);
  const daysBegun =
    Math.round((new Date(`${lagosDate(at)}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime()) / 86_400_000) + 1;
  return { kind: isWeekly(rule) ? 'WEEK' : 'MONTH', from, to: addDays(from, days - 1), days, daysBegun };
}

/** The amount a budget counts of a period's use: kobo for a naira budget, litres for a litre one. */
function spent(rule: BudgetRule, use: PeriodUse): number {
  if (inNaira(rule)) return koboToNaira(isWeekly(rule) ? use.weekKobo : use.monthKobo);
  return isWeekly(rule) ? use.weekLitres : use.monthLitres;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** A budget's use in its current period; `projected` assumes the days to come spend as the days begun did. */
export function budgetUsage(
  policy: BudgetPolicy,
  use: PeriodUse,
  at: Date,
): Omit<BudgetUsage, 'policyId' | 'scope' | 'enforcement' | 'rule'> {
  const { days, daysBegun, ...period } = budgetPeriod(policy.rule, at);
  const used = spent(policy.rule, use);
  return {
    period,
    unit: inNaira(policy.rule) ? 'NAIRA' : 'LITRES',
    limit: policy.value,
    used,
    remaining: round2(policy.value - used),
    projected: round2((used * days) / daysBegun),
    percentUsed: Math.floor((used / policy.value) * 100),
  };
}

export const BUDGET_ALERT_PERCENTS = [80, 100] as const;

/**
 * The thresholds (80%, 100% of the limit) each budget crosses with this fill: used before it below,
 * used with it at or above. One alert a budget, the highest it crosses.
 */
export function budgetThresholdsCrossed(
  applicable: readonly FuelPolicy[],
  used: Readonly<Record<FuelPolicy['scope']['type'], PeriodUse>>,
  fill: { litres: number; amountKobo: bigint },
): Array<{ policy: BudgetPolicy; percent: (typeof BUDGET_ALERT_PERCENTS)[number] }> {
  const crossed = [];
  for (const policy of applicable.filter(isBudget)) {
    const before = used[policy.scope.type];
    const weekly = isWeekly(policy.rule);
    const after: PeriodUse = {
      weekLitres: before.weekLitres + fill.litres,
      monthLitres: before.monthLitres + fill.litres,
      weekKobo: before.weekKobo + fill.amountKobo,
      monthKobo: before.monthKobo + fill.amountKobo,
    };
    const limit = inNaira(policy.rule) ? Number(nairaToKobo(policy.value)) : policy.value;
    const share = (use: PeriodUse) =>
      (inNaira(policy.rule) ? Number(weekly ? use.weekKobo : use.monthKobo) : weekly ? use.weekLitres : use.monthLitres) / limit;
    const percent = [...BUDGET_ALERT_PERCENTS].reverse().find((p) => share(before) * 100 < p && share(after) * 100 >= p);
    if (percent) crossed.push({ policy, percent });
  }
  return crossed;
}

/** The e-mail of a crossed threshold: which budget, where it comes from, and the approval that crossed it. */
export function budgetAlertNotice(
  crossed: { policy: BudgetPolicy; percent: (typeof BUDGET_ALERT_PERCENTS)[number] },
  approval: { litres: number; fuelType: SoldFuelType; plate: string },
): Notice {
  const { policy, percent } = crossed;
  const naira = inNaira(policy.rule);
  return {
    template: 'budgetAlert',
    params: {
      percent,
      weekly: isWeekly(policy.rule),
      budgetKobo: naira ? nairaToKobo(policy.value).toString() : null,
      limitLitres: naira ? null : policy.value,
      scope: policy.scope.type,
      scopeName: policy.scope.name,
      ...approval,
    },
  };
}
