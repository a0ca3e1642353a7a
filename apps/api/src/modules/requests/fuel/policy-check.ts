/**
 * The organization's fuel policies at one step of a fill (issue 44): the applicable ones judged by
 * rules/fuel-policies.ts on the facts read here. A HARD breach refuses the step (422
 * POLICY_VIOLATION naming the rule); SOFT ones come back as flags for a manager to judge.
 */
import type { FuelPolicyRule, PolicyScopeType, RequestFlag, SoldFuelType } from '@fleetfuel/contract';
import type { Database } from '../../../platform/db/database.js';
import { AppError } from '../../../platform/errors.js';
import * as facts from '../fuel-policy-facts.repository.js';
import { budgetThresholdsCrossed } from '../rules/budget-usage.js';
import { applicablePolicies, policyBreaches, policyPeriods, type PeriodUse, type PolicyStep } from '../rules/fuel-policies.js';
import type { FuelRequestsDeps } from './deps.js';

const PERIOD_RULES: ReadonlySet<FuelPolicyRule> = new Set([
  'WEEKLY_LITRES',
  'MONTHLY_LITRES',
  'WEEKLY_BUDGET_NAIRA',
  'MONTHLY_BUDGET_NAIRA',
]);

export interface PolicyFill {
  step: PolicyStep;
  at: Date;
  organizationId: string;
  vehicle: { id: string; department_id: string | null; driver_id: string | null; plate: string; insurance_end: string | null };
  fuelType: SoldFuelType;
  assetFuelType: SoldFuelType;
  station: { id: string; name: string; state: string | null };
  supplyDate: string;
  litres: number;
  amountKobo: bigint | null;
}

/** The budgets a fill brings to 80% or 100% of their limit: the organization's admins are told. */
export type BudgetAlerts = ReturnType<typeof budgetThresholdsCrossed>;

/**
 * The SOFT breaches as flags, and the budget thresholds the fill crosses (at approval, when its
 * money is held); a HARD breach throws 422 POLICY_VIOLATION naming its rule.
 */
export async function checkFuelPolicies(
  deps: Pick<FuelRequestsDeps, 'policies'>,
  trx: Database,
  fill: PolicyFill,
): Promise<{ flags: RequestFlag[]; budgetAlerts: BudgetAlerts }> {
  const applicable = applicablePolicies(await deps.policies.forOrganization(trx, fill.organizationId), {
    vehicleId: fill.vehicle.id,
    groupId: fill.vehicle.department_id,
    driverId: fill.vehicle.driver_id,
  });
  if (applicable.length === 0) return { flags: [], budgetAlerts: [] };
  const rules = new Set(applicable.map((policy) => policy.rule));
  // Only what an applicable rule needs is read.
  const lastFillAt = rules.has('MIN_HOURS_BETWEEN_FILLS') ? await facts.lastFillAt(trx, fill.vehicle.id) : null;
  const scopes = {
    organizationId: fill.organizationId,
    groupId: fill.vehicle.department_id,
    driverId: fill.vehicle.driver_id,
    vehicleId: fill.vehicle.id,
  };
  const used = [...rules].some((rule) => PERIOD_RULES.has(rule)) ? await facts.periodUse(trx, scopes, policyPeriods(fill.at)) : noUse();
  const breaches = policyBreaches(applicable, {
    step: fill.step,
    at: fill.at,
    supplyDate: fill.supplyDate,
    litres: fill.litres,
    amountKobo: fill.amountKobo,
    fuelType: fill.fuelType,
    assetFuelType: fill.assetFuelType,
    // A station whose state is not recorded: an ALLOWED_STATES policy says so in its message.
    station: fill.station,
    vehicle: { plate: fill.vehicle.plate, insuranceEnd: fill.vehicle.insurance_end },
    lastFillAt,
    used,
  });
  const hard = breaches.find((breach) => breach.enforcement === 'HARD');
  if (hard) throw new AppError('POLICY_VIOLATION', hard.message, { rule: hard.rule });
  return {
    flags: breaches.map((breach) => ({ code: 'POLICY_BREACH', severity: 'warning', message: breach.message })),
    budgetAlerts:
      fill.step === 'APPROVAL' && fill.amountKobo !== null
        ? budgetThresholdsCrossed(applicable, used, { litres: fill.litres, amountKobo: fill.amountKobo })
        : [],
  };
}

function noUse(): Record<PolicyScopeType, PeriodUse> {
  const none: PeriodUse = { weekLitres: 0, monthLitres: 0, weekKobo: 0n, monthKobo: 0n };
  return { ORGANIZATION: none, GROUP: none, DRIVER: none, VEHICLE: none };
}
