/**
 * The fuel policy form: the rule, a value input that depends on the rule, the enforcement and the
 * scope. The values are strings and lists as the inputs hold them; the contract's body schema
 * checks the body they make, and its messages go under the input that holds the wrong part.
 */
import { z } from 'zod';
import {
  MESSAGES,
  fuelPolicyBodySchema,
  type FuelPolicyBody,
  type FuelPolicyRule,
  type FuelPolicyView,
  type PolicyScopeType,
} from '@fleetfuel/contract';
import { ApiError } from '@/lib/api-client';

const formFieldsSchema = z.object({
  rule: z.string(),
  /** Litres, hours or naira, as typed. */
  amount: z.string(),
  days: z.array(z.string()),
  from: z.string(),
  to: z.string(),
  stations: z.array(z.string()),
  states: z.array(z.string()),
  enforcement: z.string(),
  scopeType: z.string(),
  scopeId: z.string(),
});

export type PolicyFormValues = z.infer<typeof formFieldsSchema>;
type Field = keyof PolicyFormValues;

/** Which input a rule's value is typed in. */
export type ValueKind = 'litres' | 'hours' | 'naira' | 'days' | 'window' | 'stations' | 'states' | 'none';

const VALUE_KINDS: Record<FuelPolicyRule, ValueKind> = {
  MAX_LITRES_PER_FILL: 'litres',
  MIN_HOURS_BETWEEN_FILLS: 'hours',
  ALLOWED_DAYS: 'days',
  ALLOWED_HOURS: 'window',
  ALLOWED_STATIONS: 'stations',
  ALLOWED_STATES: 'states',
  FUEL_TYPE_MATCHES_ASSET: 'none',
  WEEKLY_BUDGET_NAIRA: 'naira',
  MONTHLY_BUDGET_NAIRA: 'naira',
  WEEKLY_LITRES: 'litres',
  MONTHLY_LITRES: 'litres',
  VALID_INSURANCE: 'none',
};

function isRule(value: string): value is FuelPolicyRule {
  return value in VALUE_KINDS;
}

/** The input of the chosen rule's value; none until a rule is chosen. */
export function valueKind(rule: string): ValueKind {
  return isRule(rule) ? VALUE_KINDS[rule] : 'none';
}

const isNumberKind = (kind: ValueKind) => kind === 'litres' || kind === 'hours' || kind === 'naira';

/** "1,500.50" → 1500.5; null when it is not a plain number. */
function parseAmount(text: string): number | null {
  const plain = text.replace(/[,\s]/g, '');
  return /^\d+(\.\d+)?$/.test(plain) ? Number(plain) : null;
}

function valueOf(values: PolicyFormValues): unknown {
  switch (valueKind(values.rule)) {
    case 'litres':
    case 'hours':
    case 'naira':
      return parseAmount(values.amount);
    case 'days':
      return values.days;
    case 'window':
      return { from: values.from, to: values.to };
    case 'stations':
      return values.stations;
    case 'states':
      return values.states;
    case 'none':
      return true;
  }
}

function draftBody(values: PolicyFormValues) {
  return {
    rule: values.rule,
    value: valueOf(values),
    enforcement: values.enforcement,
    scope: values.scopeType === 'ORGANIZATION' ? { type: values.scopeType } : { type: values.scopeType, id: values.scopeId },
  };
}

/** The input that holds a part of the body (`value.from`, `scope.id`), by the path the schema or the API names. */
function fieldOfPath(path: readonly PropertyKey[], values: Pick<PolicyFormValues, 'rule' | 'scopeType'>): Field {
  const [head, sub] = path;
  if (head === 'scope') return values.scopeType === 'ORGANIZATION' || sub === 'type' ? 'scopeType' : 'scopeId';
  if (head !== 'value') return head === 'enforcement' ? 'enforcement' : 'rule';
  const kind = valueKind(values.rule);
  if (isNumberKind(kind)) return 'amount';
  if (kind === 'window') return sub === 'from' ? 'from' : 'to';
  if (kind === 'days' || kind === 'stations' || kind === 'states') return kind;
  return 'rule';
}

export const policyFormSchema = formFieldsSchema.superRefine((values, ctx) => {
  const missing = new Set<Field>();
  const refuse = (field: Field, message: string) => {
    missing.add(field);
    ctx.addIssue({ code: 'custom', path: [field], message });
  };
  const kind = valueKind(values.rule);
  if (values.rule === '') refuse('rule', MESSAGES.required);
  if (values.enforcement === '') refuse('enforcement', MESSAGES.required);
  if (values.scopeType === '') refuse('scopeType', MESSAGES.required);
  else if (values.scopeType !== 'ORGANIZATION' && values.scopeId === '') refuse('scopeId', MESSAGES.required);
  if (isNumberKind(kind)) {
    if (values.amount.trim() === '') refuse('amount', MESSAGES.required);
    else if (parseAmount(values.amount) === null) refuse('amount', kind === 'naira' ? MESSAGES.invalidAmount : 'Enter a number, e.g. 40');
  }
  if (kind === 'window') {
    if (values.from === '') refuse('from', MESSAGES.required);
    if (values.to === '') refuse('to', MESSAGES.required);
  }
  // Without a rule or a scope type the body cannot be judged part by part.
  if (missing.has('rule') || missing.has('scopeType')) return;
  const result = fuelPolicyBodySchema.safeParse(draftBody(values));
  if (result.success) return;
  for (const issue of result.error.issues) {
    const field = fieldOfPath(issue.path, values);
    if (!missing.has(field)) ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
  }
});

/** The body to send, checked by the contract's schema (the form's resolver has checked it already). */
export function toPolicyBody(values: PolicyFormValues): FuelPolicyBody {
  return fuelPolicyBodySchema.parse(draftBody(values));
}

export function emptyPolicyForm(): PolicyFormValues {
  return {
    rule: '',
    amount: '',
    days: [],
    from: '',
    to: '',
    stations: [],
    states: [],
    enforcement: 'HARD',
    scopeType: 'ORGANIZATION',
    scopeId: '',
  };
}

export function policyToForm(policy: FuelPolicyView): PolicyFormValues {
  const form: PolicyFormValues = {
    ...emptyPolicyForm(),
    rule: policy.rule,
    enforcement: policy.enforcement,
    scopeType: policy.scope.type,
    scopeId: policy.scope.id ?? '',
  };
  switch (policy.rule) {
    case 'ALLOWED_DAYS':
      return { ...form, days: [...policy.value] };
    case 'ALLOWED_HOURS':
      return { ...form, from: policy.value.from, to: policy.value.to };
    case 'ALLOWED_STATIONS':
      return { ...form, stations: [...policy.value] };
    case 'ALLOWED_STATES':
      return { ...form, states: [...policy.value] };
    case 'FUEL_TYPE_MATCHES_ASSET':
    case 'VALID_INSURANCE':
      return form;
    default:
      return { ...form, amount: String(policy.value) };
  }
}

/**
 * The API names the part of the body it refused (`scope.id`, `value`); the form shows it under the
 * input that holds that part, so the refusal is rethrown naming the input.
 */
export function namingFormField(error: unknown, values: PolicyFormValues): unknown {
  if (!(error instanceof ApiError) || error.field === undefined) return error;
  const field = fieldOfPath(error.field.split('.'), values);
  return new ApiError(error.message, error.status, error.code, field);
}

/** The scopes a policy may name one record of. */
export function isRecordScope(type: string): type is Exclude<PolicyScopeType, 'ORGANIZATION'> {
  return type === 'GROUP' || type === 'DRIVER' || type === 'VEHICLE';
}
