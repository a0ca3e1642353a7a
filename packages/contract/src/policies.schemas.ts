/**
 * Fuel policies (issue 44): the organization's rules checked when fuel is requested, approved and
 * redeemed. A policy is one rule with its value, HARD (refused) or SOFT (let through with a flag,
 * and at the pump held for a manager's override), for the whole organization or one group, vehicle
 * or driver; the most specific scope wins.
 */
import { z } from 'zod';
import { NIGERIAN_LOCATIONS } from './enums.js';
import { positiveNairaSchema } from './money.js';

export const FUEL_POLICY_RULES = [
  'MAX_LITRES_PER_FILL',
  'MIN_HOURS_BETWEEN_FILLS',
  'ALLOWED_DAYS',
  'ALLOWED_HOURS',
  'ALLOWED_STATIONS',
  'ALLOWED_STATES',
  'FUEL_TYPE_MATCHES_ASSET',
  'WEEKLY_BUDGET_NAIRA',
  'MONTHLY_BUDGET_NAIRA',
  'WEEKLY_LITRES',
  'MONTHLY_LITRES',
  'VALID_INSURANCE',
] as const;
export type FuelPolicyRule = (typeof FUEL_POLICY_RULES)[number];

export const POLICY_ENFORCEMENTS = ['HARD', 'SOFT'] as const;
export type PolicyEnforcement = (typeof POLICY_ENFORCEMENTS)[number];

/** From the least to the most specific: a vehicle's own policy beats its driver's, its group's and the organization's. */
export const POLICY_SCOPE_TYPES = ['ORGANIZATION', 'GROUP', 'DRIVER', 'VEHICLE'] as const;
export type PolicyScopeType = (typeof POLICY_SCOPE_TYPES)[number];

/** Days of the week as policies name them, Monday first (a policy week starts on Monday in Lagos). */
export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time of day as HH:MM, e.g. 06:30');
const litresValue = z.number().positive('Must be more than 0').max(100_000, 'Must be at most 100,000');
/** A week's or a month's litres: an organization of 20,000 vehicles uses millions. */
const periodLitresValue = z.number().positive('Must be more than 0').max(100_000_000, 'Must be at most 100,000,000');
const nonEmptyUnique = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item)
    .min(1, 'Choose at least one')
    .max(max, `Choose at most ${max}`)
    .refine((items) => new Set(items).size === items.length, 'Each may be chosen once');

/** The value each rule takes. */
const RULE_VALUES = {
  MAX_LITRES_PER_FILL: litresValue,
  MIN_HOURS_BETWEEN_FILLS: z.number().positive('Must be more than 0').max(720, 'Must be at most 720'),
  ALLOWED_DAYS: nonEmptyUnique(z.enum(WEEKDAYS), 7),
  /** `to` before `from` is a window across midnight, e.g. 22:00–05:00. */
  ALLOWED_HOURS: z
    .strictObject({ from: timeOfDay, to: timeOfDay })
    .refine((hours) => hours.from !== hours.to, 'The window cannot start and end at once'),
  ALLOWED_STATIONS: nonEmptyUnique(z.uuid('Must be a station id'), 200),
  ALLOWED_STATES: nonEmptyUnique(z.enum(NIGERIAN_LOCATIONS), NIGERIAN_LOCATIONS.length),
  FUEL_TYPE_MATCHES_ASSET: z.literal(true),
  WEEKLY_BUDGET_NAIRA: positiveNairaSchema,
  MONTHLY_BUDGET_NAIRA: positiveNairaSchema,
  WEEKLY_LITRES: periodLitresValue,
  MONTHLY_LITRES: periodLitresValue,
  VALID_INSURANCE: z.literal(true),
} satisfies Record<FuelPolicyRule, z.ZodType>;

const ruleWith = <R extends FuelPolicyRule>(rule: R) => z.object({ rule: z.literal(rule), value: RULE_VALUES[rule] });

/** Each rule with the value it takes: how a stored policy is read back. */
export const fuelPolicyRuleValueSchema = z.discriminatedUnion('rule', [
  ruleWith('MAX_LITRES_PER_FILL'),
  ruleWith('MIN_HOURS_BETWEEN_FILLS'),
  ruleWith('ALLOWED_DAYS'),
  ruleWith('ALLOWED_HOURS'),
  ruleWith('ALLOWED_STATIONS'),
  ruleWith('ALLOWED_STATES'),
  ruleWith('FUEL_TYPE_MATCHES_ASSET'),
  ruleWith('WEEKLY_BUDGET_NAIRA'),
  ruleWith('MONTHLY_BUDGET_NAIRA'),
  ruleWith('WEEKLY_LITRES'),
  ruleWith('MONTHLY_LITRES'),
  ruleWith('VALID_INSURANCE'),
]);
export type FuelPolicyRuleValue = z.infer<typeof fuelPolicyRuleValueSchema>;

export const policyScopeSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ORGANIZATION') }),
  z.strictObject({ type: z.enum(['GROUP', 'DRIVER', 'VEHICLE']), id: z.uuid('Must be the id of a group, driver or vehicle') }),
]);
export type PolicyScope = z.infer<typeof policyScopeSchema>;

/** A policy as the API answers it; the scope names its group, driver or vehicle for the reader. */
export const fuelPolicySchema = z.intersection(
  fuelPolicyRuleValueSchema,
  z.object({
    id: z.uuid(),
    enforcement: z.enum(POLICY_ENFORCEMENTS),
    scope: z.object({ type: z.enum(POLICY_SCOPE_TYPES), id: z.uuid().nullable(), name: z.string().nullable() }),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type FuelPolicyView = z.infer<typeof fuelPolicySchema>;

/**
 * `POST /fuel-policies` and `PUT /fuel-policies/:id`: the rule with its value, how it is enforced,
 * and for whom. One flat object (undeclared keys refused); the value is checked against its rule.
 */
export const fuelPolicyBodySchema = z
  .strictObject({
    rule: z.enum(FUEL_POLICY_RULES),
    value: z.unknown(),
    enforcement: z.enum(POLICY_ENFORCEMENTS),
    scope: policyScopeSchema,
  })
  .superRefine((body, ctx) => {
    const checked = RULE_VALUES[body.rule].safeParse(body.value);
    if (checked.success) return;
    for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['value', ...issue.path] });
  });
export type FuelPolicyBody = z.infer<typeof fuelPolicyBodySchema>;

export const fuelPolicyListQuerySchema = z.object({
  /** The platform admin names the organization; its own admins read their own. */
  organizationId: z.uuid('Must be a valid id').optional(),
});
export const fuelPolicyListReplySchema = z.object({ policies: z.array(fuelPolicySchema) });
export const fuelPolicyWriteReplySchema = z.object({ message: z.string(), policy: fuelPolicySchema });
export const fuelPolicyDeleteReplySchema = z.object({ message: z.string() });

/** The rules that spend a budget over a Lagos week (from Monday) or month. */
export const BUDGET_RULES = ['WEEKLY_BUDGET_NAIRA', 'MONTHLY_BUDGET_NAIRA', 'WEEKLY_LITRES', 'MONTHLY_LITRES'] as const;
export type BudgetRule = (typeof BUDGET_RULES)[number];

/**
 * One budget's use in its current period: naira (held by open coupons and paid for fills) or
 * litres (held and dispensed), and at this pace, what the whole period would use.
 */
export const budgetUsageSchema = z.object({
  policyId: z.uuid(),
  rule: z.enum(BUDGET_RULES),
  enforcement: z.enum(POLICY_ENFORCEMENTS),
  scope: z.object({ type: z.enum(POLICY_SCOPE_TYPES), id: z.uuid().nullable(), name: z.string().nullable() }),
  /** The Lagos days the period covers, both included. */
  period: z.object({ kind: z.enum(['WEEK', 'MONTH']), from: z.string(), to: z.string() }),
  unit: z.enum(['NAIRA', 'LITRES']),
  limit: z.number(),
  used: z.number(),
  /** The limit less what is used; negative once a SOFT budget is overspent. */
  remaining: z.number(),
  /** What the period would use at the pace of its days so far. */
  projected: z.number(),
  /** Whole percent of the limit used. */
  percentUsed: z.number().int(),
});
export type BudgetUsage = z.infer<typeof budgetUsageSchema>;
export const budgetUsageReplySchema = z.object({ budgets: z.array(budgetUsageSchema) });
