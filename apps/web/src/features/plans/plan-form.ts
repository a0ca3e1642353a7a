/**
 * The Add/Edit Plan form. The billing cycle starts at the default of 30 days; an empty limit means
 * 0, which means unlimited (spec section 9). The contract's body schema validates what is sent.
 */
import { z } from 'zod';
import { DEFAULT_PLAN_CYCLE_DAYS, MESSAGES, planCreateBodySchema, planUpdateBodySchema, type Plan } from '@fleetfuel/contract';

export type PlanFormMode = 'create' | 'edit';

const formFieldsSchema = z.object({
  name: z.string(),
  amount: z.string(),
  circle: z.string(),
  driversLimit: z.string(),
  assetsLimit: z.string(),
  fuelRequestLimit: z.string(),
  maintenanceRequestLimit: z.string(),
  status: z.string(),
  description: z.string(),
  isDefault: z.boolean(),
});

export type PlanFormValues = z.infer<typeof formFieldsSchema>;

function draftBody(values: PlanFormValues) {
  return {
    name: values.name,
    amount: values.amount.trim(),
    circle: values.circle.trim(),
    driversLimit: values.driversLimit.trim(),
    assetsLimit: values.assetsLimit.trim(),
    fuelRequestLimit: values.fuelRequestLimit.trim(),
    maintenanceRequestLimit: values.maintenanceRequestLimit.trim(),
    status: values.status,
    description: values.description,
    isDefault: values.isDefault,
  };
}

export function planFormSchema(mode: PlanFormMode) {
  const bodySchema = mode === 'create' ? planCreateBodySchema : planUpdateBodySchema;
  return formFieldsSchema.superRefine((values, ctx) => {
    if (values.status === '') ctx.addIssue({ code: 'custom', path: ['status'], message: MESSAGES.required });
    // The contract defaults an empty cycle to 30 days; the form shows 30 instead, so empty is a mistake.
    if (values.circle.trim() === '') ctx.addIssue({ code: 'custom', path: ['circle'], message: MESSAGES.required });
    const result = bodySchema.safeParse(draftBody(values));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const [field] = issue.path;
      if (field === 'status' && values.status === '') continue;
      ctx.addIssue({ code: 'custom', path: issue.path.map(String), message: issue.message });
    }
  });
}

export function toCreatePlanBody(values: PlanFormValues) {
  return planCreateBodySchema.parse(draftBody(values));
}

export function toUpdatePlanBody(values: PlanFormValues) {
  return planUpdateBodySchema.parse(draftBody(values));
}

export function emptyPlanForm(): PlanFormValues {
  return {
    name: '',
    amount: '',
    circle: String(DEFAULT_PLAN_CYCLE_DAYS),
    driversLimit: '',
    assetsLimit: '',
    fuelRequestLimit: '',
    maintenanceRequestLimit: '',
    status: 'ACTIVE',
    description: '',
    isDefault: false,
  };
}

/** A stored limit of 0 is shown as an empty field: both mean unlimited. */
const limitField = (limit: number) => (limit === 0 ? '' : String(limit));

export function planToForm(plan: Plan): PlanFormValues {
  return {
    name: plan.name,
    amount: String(plan.amount),
    circle: String(plan.circle),
    driversLimit: limitField(plan.driversLimit),
    assetsLimit: limitField(plan.assetsLimit),
    fuelRequestLimit: limitField(plan.fuelRequestLimit),
    maintenanceRequestLimit: limitField(plan.maintenanceRequestLimit),
    status: plan.status,
    description: plan.description ?? '',
    isDefault: plan.isDefault,
  };
}

/** Spec section 9: a limit of 0 (or none) reads as unlimited. */
export function formatLimit(limit: number): string {
  return limit === 0 ? 'Unlimited' : limit.toLocaleString('en-NG');
}
