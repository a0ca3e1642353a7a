/**
 * How fuel policies read on screen (issue 44): each rule in plain words with its value, who it
 * applies to, and what happens on a breach. Money is the app's naira format, litres the volume one.
 */
import {
  FUEL_POLICY_RULES,
  POLICY_SCOPE_TYPES,
  WEEKDAYS,
  type FuelPolicyRule,
  type FuelPolicyView,
  type PolicyEnforcement,
  type PolicyScopeType,
  type Weekday,
} from '@fleetfuel/contract';
import { formatCurrency, formatNumber, formatVolume } from '@/lib/format';

const RULE_LABELS: Record<FuelPolicyRule, string> = {
  MAX_LITRES_PER_FILL: 'Max litres per fill',
  MIN_HOURS_BETWEEN_FILLS: 'Min hours between fills',
  ALLOWED_DAYS: 'Allowed days',
  ALLOWED_HOURS: 'Allowed hours',
  ALLOWED_STATIONS: 'Allowed stations',
  ALLOWED_STATES: 'Allowed states',
  FUEL_TYPE_MATCHES_ASSET: "Fuel must match the asset's fuel type",
  WEEKLY_BUDGET_NAIRA: 'Weekly budget',
  MONTHLY_BUDGET_NAIRA: 'Monthly budget',
  WEEKLY_LITRES: 'Weekly litres',
  MONTHLY_LITRES: 'Monthly litres',
  VALID_INSURANCE: 'Valid insurance required',
};

export const RULE_OPTIONS = FUEL_POLICY_RULES.map((value) => ({ value, label: RULE_LABELS[value] }));

export const ENFORCEMENT_LABELS: Record<PolicyEnforcement, string> = {
  HARD: 'Refuse',
  SOFT: 'Let through, flagged',
};

export const ENFORCEMENT_DESCRIPTIONS: Record<PolicyEnforcement, string> = {
  HARD: 'A request, approval or fill that breaks the rule is refused.',
  SOFT: 'It goes through, with a flag in the review queue for a manager to judge.',
};

export const SCOPE_LABELS: Record<PolicyScopeType, string> = {
  ORGANIZATION: 'Whole organization',
  GROUP: 'Group',
  DRIVER: 'Driver',
  VEHICLE: 'Vehicle',
};

/** The list's sections, in the order the list shows them. */
export const SCOPE_SECTIONS: readonly { type: PolicyScopeType; title: string }[] = [
  { type: 'ORGANIZATION', title: 'Organization-wide' },
  { type: 'GROUP', title: 'Groups' },
  { type: 'DRIVER', title: 'Drivers' },
  { type: 'VEHICLE', title: 'Vehicles' },
];

export const SCOPE_OPTIONS = POLICY_SCOPE_TYPES.map((value) => ({ value, label: SCOPE_LABELS[value] }));

export const DAY_LABELS: Record<Weekday, string> = {
  MON: 'Mon',
  TUE: 'Tue',
  WED: 'Wed',
  THU: 'Thu',
  FRI: 'Fri',
  SAT: 'Sat',
  SUN: 'Sun',
};

/** Days in the week's order (Monday first), whatever order they were chosen in. */
function daysText(days: readonly Weekday[]): string {
  if (days.length === WEEKDAYS.length) return 'every day';
  return WEEKDAYS.filter((day) => days.includes(day))
    .map((day) => DAY_LABELS[day])
    .join(', ');
}

/** The value of a policy in words: "40 L", "06:00–22:00 (Lagos time)", "₦150,000.00". */
function policyValueText(policy: FuelPolicyView, stationNames: ReadonlyMap<string, string>): string | null {
  switch (policy.rule) {
    case 'MAX_LITRES_PER_FILL':
    case 'WEEKLY_LITRES':
    case 'MONTHLY_LITRES':
      return formatVolume(policy.value, 'L');
    case 'MIN_HOURS_BETWEEN_FILLS':
      return `${formatNumber(policy.value)} ${policy.value === 1 ? 'hour' : 'hours'}`;
    case 'ALLOWED_DAYS':
      return daysText(policy.value);
    case 'ALLOWED_HOURS':
      return `${policy.value.from}–${policy.value.to} (Lagos time)`;
    case 'ALLOWED_STATIONS':
      // A station no longer offered (closed, suspended) is not in the choice list.
      return policy.value.map((id) => stationNames.get(id) ?? 'a station no longer listed').join(', ');
    case 'ALLOWED_STATES':
      return policy.value.join(', ');
    case 'WEEKLY_BUDGET_NAIRA':
    case 'MONTHLY_BUDGET_NAIRA':
      return formatCurrency(policy.value);
    case 'FUEL_TYPE_MATCHES_ASSET':
    case 'VALID_INSURANCE':
      return null;
  }
}

/** "Max litres per fill: 40 L"; a rule without a value is its label alone. */
export function policyText(policy: FuelPolicyView, stationNames: ReadonlyMap<string, string>): string {
  const value = policyValueText(policy, stationNames);
  return value === null ? RULE_LABELS[policy.rule] : `${RULE_LABELS[policy.rule]}: ${value}`;
}

/** Who a policy applies to: "Whole organization", "Group Operations", "Vehicle LND-451-KJ". */
export function scopeText(scope: FuelPolicyView['scope']): string {
  if (scope.type === 'ORGANIZATION') return SCOPE_LABELS.ORGANIZATION;
  return `${SCOPE_LABELS[scope.type]} ${scope.name ?? '(removed)'}`;
}

/** The policies of one scope type, by the name of their group, driver or vehicle, then by rule. */
export function policiesOfScope(policies: readonly FuelPolicyView[], type: PolicyScopeType): FuelPolicyView[] {
  return policies
    .filter((policy) => policy.scope.type === type)
    .sort(
      (a, b) =>
        (a.scope.name ?? '').localeCompare(b.scope.name ?? '') || FUEL_POLICY_RULES.indexOf(a.rule) - FUEL_POLICY_RULES.indexOf(b.rule),
    );
}
