/**
 * The organization's fuel policies (issue 44), as pure functions: which policy applies to a fill
 * (the most specific scope wins), and which it breaches at each step (request, approval, the
 * pump), with a message that gives the numbers and where the rule comes from. The caller reads the
 * facts (the vehicle's last fill, the period's use, the station); nothing here reads a database.
 */
import {
  WEEKDAYS,
  businessDate,
  calendarDay,
  formatNaira,
  nairaToKobo,
  type FuelPolicyRule,
  type FuelPolicyRuleValue,
  type PolicyEnforcement,
  type PolicyScopeType,
  type SoldFuelType,
  type Weekday,
} from '@fleetfuel/contract';
import { formatNumber } from '../../../platform/number-format.js';
import { litres } from '../format.js';

/** A policy as the rules see it: its rule and value, enforcement, and the scope it was set for (named, for messages). */
export type FuelPolicy = FuelPolicyRuleValue & {
  id: string;
  enforcement: PolicyEnforcement;
  scope: { type: PolicyScopeType; id: string | null; name: string | null };
};

/** Where a fill is checked: raising the request, approving it, or redeeming its coupon at the pump. */
export type PolicyStep = 'REQUEST' | 'APPROVAL' | 'REDEMPTION';

/** What the rules judge of one fill at one step; read by the caller. */
export interface PolicyFacts {
  step: PolicyStep;
  /** The instant judged: now at the pump; at request and approval, now as well (the day rules use `supplyDate`). */
  at: Date;
  /** The calendar day the fuel is for (YYYY-MM-DD, Lagos). */
  supplyDate: string;
  /** Requested litres, or at the pump the litres dispensed. */
  litres: number;
  /** What those litres cost at the request's (or station's current) price; null when no price is known. */
  amountKobo: bigint | null;
  fuelType: SoldFuelType;
  /** The fuel the asset takes, as sold (a request asks for exactly this unless the asset's type changed). */
  assetFuelType: SoldFuelType;
  station: { id: string; name: string; state: string | null };
  vehicle: { plate: string; insuranceEnd: string | null };
  /** When the vehicle was last filled (a redeemed coupon), if ever. */
  lastFillAt: Date | null;
  /**
   * What each scope of this fill (the organization, the vehicle's group, its driver, the vehicle)
   * already used in the week and the month of `at` (Lagos), this fill not counted: a budget counts
   * the use of the scope its policy was set for.
   */
  used: Record<PolicyScopeType, PeriodUse>;
}

export interface PeriodUse {
  weekLitres: number;
  monthLitres: number;
  weekKobo: bigint;
  monthKobo: bigint;
}

export interface PolicyBreach {
  rule: FuelPolicyRule;
  enforcement: PolicyEnforcement;
  policyId: string;
  message: string;
}

const SPECIFICITY: Record<PolicyScopeType, number> = { ORGANIZATION: 0, GROUP: 1, DRIVER: 2, VEHICLE: 3 };

/** The policies that apply to a fill of this vehicle (of this group, driven by this driver): per rule, the most specific. */
export function applicablePolicies(
  policies: readonly FuelPolicy[],
  target: { vehicleId: string; groupId: string | null; driverId: string | null },
): FuelPolicy[] {
  const concerns = (policy: FuelPolicy) =>
    policy.scope.type === 'ORGANIZATION' ||
    (policy.scope.type === 'GROUP' && policy.scope.id === target.groupId) ||
    (policy.scope.type === 'DRIVER' && policy.scope.id === target.driverId) ||
    (policy.scope.type === 'VEHICLE' && policy.scope.id === target.vehicleId);
  const chosen = new Map<FuelPolicyRule, FuelPolicy>();
  for (const policy of policies) {
    if (!concerns(policy)) continue;
    const current = chosen.get(policy.rule);
    if (!current || SPECIFICITY[policy.scope.type] > SPECIFICITY[current.scope.type]) chosen.set(policy.rule, policy);
  }
  return [...chosen.values()];
}

/** "(organization policy)", "(group Logistics policy)", "(vehicle LAG-123-AB policy)". */
export function policySource(policy: Pick<FuelPolicy, 'scope'>): string {
  const { type, name } = policy.scope;
  return type === 'ORGANIZATION' ? '(organization policy)' : `(${type.toLowerCase()}${name ? ` ${name}` : ''} policy)`;
}

const HOUR_MS = 3_600_000;
const LAGOS_OFFSET_MS = HOUR_MS;

const DAY_NAMES: Record<Weekday, string> = {
  MON: 'Monday',
  TUE: 'Tuesday',
  WED: 'Wednesday',
  THU: 'Thursday',
  FRI: 'Friday',
  SAT: 'Saturday',
  SUN: 'Sunday',
};

/** The weekday of a calendar day (YYYY-MM-DD). */
export function weekdayOf(day: string): Weekday {
  const sundayFirst = new Date(`${day}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7] as Weekday;
}

/** The Lagos time of day of an instant, as minutes after midnight. */
function lagosMinutes(at: Date): number {
  const clock = new Date(at.getTime() + LAGOS_OFFSET_MS);
  return clock.getUTCHours() * 60 + clock.getUTCMinutes();
}

/** 'HH:MM', Lagos time. */
export function lagosClockTime(at: Date): string {
  const minutes = lagosMinutes(at);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** "23 h 59 min", "0 h 5 min": never rounded up to the limit it is compared with. */
function hoursAndMinutes(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether a Lagos time of day lies in [from, to); a window whose end is before its start runs across midnight. */
export function withinHours(at: Date, hours: { from: string; to: string }): boolean {
  const now = lagosMinutes(at);
  const from = minutesOf(hours.from);
  const to = minutesOf(hours.to);
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/**
 * The Lagos week (from Monday 00:00) and month (from the 1st 00:00) an instant falls in, as the
 * instants they start: the periods of the weekly and monthly rules.
 */
export function policyPeriods(at: Date): { weekStart: Date; monthStart: Date } {
  const clock = new Date(at.getTime() + LAGOS_OFFSET_MS);
  const dayStart = Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth(), clock.getUTCDate()) - LAGOS_OFFSET_MS;
  const sinceMonday = (clock.getUTCDay() + 6) % 7;
  return {
    weekStart: new Date(dayStart - sinceMonday * 24 * HOUR_MS),
    monthStart: new Date(Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth(), 1) - LAGOS_OFFSET_MS),
  };
}

/** Which rules each step judges: the day at request, the money held at approval, the real time and volume at the pump. */
const RULES_AT: Record<PolicyStep, ReadonlySet<FuelPolicyRule>> = {
  REQUEST: new Set<FuelPolicyRule>([
    'MAX_LITRES_PER_FILL',
    'MIN_HOURS_BETWEEN_FILLS',
    'ALLOWED_DAYS',
    'ALLOWED_STATIONS',
    'ALLOWED_STATES',
    'FUEL_TYPE_MATCHES_ASSET',
    'VALID_INSURANCE',
    'WEEKLY_LITRES',
    'MONTHLY_LITRES',
    'WEEKLY_BUDGET_NAIRA',
    'MONTHLY_BUDGET_NAIRA',
  ]),
  APPROVAL: new Set<FuelPolicyRule>(['VALID_INSURANCE', 'WEEKLY_LITRES', 'MONTHLY_LITRES', 'WEEKLY_BUDGET_NAIRA', 'MONTHLY_BUDGET_NAIRA']),
  REDEMPTION: new Set<FuelPolicyRule>([
    'MAX_LITRES_PER_FILL',
    'MIN_HOURS_BETWEEN_FILLS',
    'ALLOWED_DAYS',
    'ALLOWED_HOURS',
    'ALLOWED_STATIONS',
    'WEEKLY_LITRES',
    'MONTHLY_LITRES',
    'WEEKLY_BUDGET_NAIRA',
    'MONTHLY_BUDGET_NAIRA',
  ]),
};

const volume = (facts: PolicyFacts, amount: number) => litres(amount, facts.fuelType);
const asked = (facts: PolicyFacts) => (facts.step === 'REDEMPTION' ? 'dispensed' : 'requested');

/** Why this policy is breached by the fill, in words with the numbers (without its source), or null. */
function breachOf(policy: FuelPolicy, facts: PolicyFacts): string | null {
  switch (policy.rule) {
    case 'MAX_LITRES_PER_FILL':
      return facts.litres > policy.value
        ? `${volume(facts, facts.litres)} ${asked(facts)}; the limit is ${volume(facts, policy.value)} per fill`
        : null;
    case 'MIN_HOURS_BETWEEN_FILLS': {
      if (!facts.lastFillAt) return null;
      const sinceMs = Math.max(0, facts.at.getTime() - facts.lastFillAt.getTime());
      return sinceMs < policy.value * HOUR_MS
        ? `${facts.vehicle.plate} was filled ${hoursAndMinutes(sinceMs)} ago; fills must be at least ${formatNumber(policy.value)} hours apart`
        : null;
    }
    case 'ALLOWED_DAYS': {
      // At the pump the day is the real one; before, the day the fuel is asked for.
      const date = facts.step === 'REDEMPTION' ? businessDate(facts.at) : facts.supplyDate;
      const day = weekdayOf(date);
      return policy.value.includes(day)
        ? null
        : `Fuel is allowed on ${policy.value.map((d) => DAY_NAMES[d]).join(', ')} only; ${calendarDay(date)} is a ${DAY_NAMES[day]}`;
    }
    case 'ALLOWED_HOURS':
      return withinHours(facts.at, policy.value)
        ? null
        : `Fuel is allowed from ${policy.value.from} to ${policy.value.to} (Lagos time) only`;
    case 'ALLOWED_STATIONS':
      return policy.value.includes(facts.station.id) ? null : `${facts.station.name} is not one of the stations allowed`;
    case 'ALLOWED_STATES':
      if (facts.station.state === null)
        return `${facts.station.name} has no state recorded; fuel is allowed in ${policy.value.join(', ')} only`;
      return policy.value.includes(facts.station.state as never)
        ? null
        : `${facts.station.name} is in ${facts.station.state}; fuel is allowed in ${policy.value.join(', ')} only`;
    case 'FUEL_TYPE_MATCHES_ASSET':
      return facts.fuelType === facts.assetFuelType ? null : `${facts.vehicle.plate} takes ${facts.assetFuelType}, not ${facts.fuelType}`;
    case 'VALID_INSURANCE':
      return facts.vehicle.insuranceEnd !== null && facts.vehicle.insuranceEnd >= facts.supplyDate
        ? null
        : `${facts.vehicle.plate} has no valid insurance on ${calendarDay(facts.supplyDate)}`;
    case 'WEEKLY_LITRES':
    case 'MONTHLY_LITRES':
      return periodLitresBreach(policy.rule === 'WEEKLY_LITRES' ? 'week' : 'month', policy.value, facts.used[policy.scope.type], facts);
    case 'WEEKLY_BUDGET_NAIRA':
    case 'MONTHLY_BUDGET_NAIRA':
      return periodBudgetBreach(
        policy.rule === 'WEEKLY_BUDGET_NAIRA' ? 'week' : 'month',
        policy.value,
        facts.used[policy.scope.type],
        facts,
      );
  }
}

function periodLitresBreach(period: 'week' | 'month', limit: number, use: PeriodUse, facts: PolicyFacts): string | null {
  const used = period === 'week' ? use.weekLitres : use.monthLitres;
  if (used + facts.litres <= limit) return null;
  return `${volume(facts, used)} already used this ${period} and ${volume(facts, facts.litres)} ${asked(facts)}; the limit is ${volume(facts, limit)} a ${period}`;
}

function periodBudgetBreach(period: 'week' | 'month', limitNaira: number, use: PeriodUse, facts: PolicyFacts): string | null {
  if (facts.amountKobo === null) return null;
  const used = period === 'week' ? use.weekKobo : use.monthKobo;
  const limit = nairaToKobo(limitNaira);
  if (used + facts.amountKobo <= limit) return null;
  return `${formatNaira(used)} already spent this ${period} and this fill costs ${formatNaira(facts.amountKobo)}; the budget is ${formatNaira(limit)} a ${period}`;
}

/** Every breach of the applicable policies at this step, HARD ones first, each with its source. */
export function policyBreaches(applicable: readonly FuelPolicy[], facts: PolicyFacts): PolicyBreach[] {
  const judged = RULES_AT[facts.step];
  const breaches: PolicyBreach[] = [];
  for (const policy of applicable) {
    if (!judged.has(policy.rule)) continue;
    const why = breachOf(policy, facts);
    if (why)
      breaches.push({ rule: policy.rule, enforcement: policy.enforcement, policyId: policy.id, message: `${why} ${policySource(policy)}` });
  }
  return breaches.sort((a, b) => (a.enforcement === b.enforcement ? 0 : a.enforcement === 'HARD' ? -1 : 1));
}
