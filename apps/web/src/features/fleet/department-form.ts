/** The group form: a name, a status and a daily fuel cap in litres (0 or empty: no cap). */
import { z } from 'zod';
import { MESSAGES, TENANT_STATUSES, departmentCreateBodySchema, departmentUpdateBodySchema, type Department } from '@fleetfuel/contract';
import type { FormMode } from './vehicle-form';

const formFieldsSchema = z.object({
  name: z.string(),
  status: z.string(),
  maxDailyConsumption: z.string(),
  organizationId: z.string(),
});

export type DepartmentFormValues = z.infer<typeof formFieldsSchema>;
type Field = keyof DepartmentFormValues;

export interface DepartmentFormOptions {
  mode: FormMode;
  /** The platform admin names the organization of a new group. */
  chooseOrganization: boolean;
}

function draftBody(values: DepartmentFormValues, options: DepartmentFormOptions) {
  return {
    name: values.name,
    status: values.status,
    // An empty cap is no cap, which the API stores as 0.
    maxDailyConsumption: values.maxDailyConsumption.trim() === '' ? '0' : values.maxDailyConsumption.trim(),
    ...(options.mode === 'create' && options.chooseOrganization ? { organizationId: values.organizationId } : {}),
  };
}

export function departmentFormSchema(options: DepartmentFormOptions) {
  const bodySchema = options.mode === 'create' ? departmentCreateBodySchema : departmentUpdateBodySchema;
  return formFieldsSchema.superRefine((values, ctx) => {
    const missing = new Set<Field>();
    const required = (field: Field) => {
      missing.add(field);
      ctx.addIssue({ code: 'custom', path: [field], message: MESSAGES.required });
    };
    if (!(TENANT_STATUSES as readonly string[]).includes(values.status)) required('status');
    if (options.mode === 'create' && options.chooseOrganization && values.organizationId === '') required('organizationId');
    const result = bodySchema.safeParse(draftBody(values, options));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field !== 'string' || !(field in values) || missing.has(field as Field)) continue;
      ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
    }
  });
}

export function toDepartmentCreateBody(values: DepartmentFormValues, chooseOrganization: boolean) {
  return departmentCreateBodySchema.parse(draftBody(values, { mode: 'create', chooseOrganization }));
}

export function toDepartmentUpdateBody(values: DepartmentFormValues) {
  return departmentUpdateBodySchema.parse(draftBody(values, { mode: 'edit', chooseOrganization: false }));
}

export function emptyDepartmentForm(): DepartmentFormValues {
  return { name: '', status: 'ACTIVE', maxDailyConsumption: '', organizationId: '' };
}

export function departmentToForm(department: Department): DepartmentFormValues {
  return {
    name: department.name,
    status: department.status,
    maxDailyConsumption: String(department.maxDailyConsumption),
    organizationId: department.organizationId,
  };
}
