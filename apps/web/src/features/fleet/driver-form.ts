/**
 * The driver form: a DRIVER account that can sign in. Inputs hold strings; validation builds the
 * multipart fields and runs the contract's schema on them, so the form refuses what the API would.
 */
import { z } from 'zod';
import { MESSAGES, USER_STATUSES, driverCreateBodySchema, driverUpdateBodySchema, type Driver } from '@fleetfuel/contract';
import type { FormMode } from './vehicle-form';

const formFieldsSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  password: z.string(),
  status: z.string(),
  departmentId: z.string(),
  organizationId: z.string(),
});

export type DriverFormValues = z.infer<typeof formFieldsSchema>;
type Field = keyof DriverFormValues;

export interface DriverFormOptions {
  mode: FormMode;
  /** The platform admin names the organization of a new driver. */
  chooseOrganization: boolean;
}

/**
 * A new driver leaves out what was not filled in; an edit sends every field ('' clears the e-mail,
 * phone or group) except an empty password, which keeps the current one. The organization of a
 * driver is set once, when the platform admin adds it.
 */
export function driverFields(values: DriverFormValues, options: DriverFormOptions) {
  const names: Field[] = ['name', 'email', 'phone', 'password', 'status', 'departmentId'];
  if (options.mode === 'create' && options.chooseOrganization) names.push('organizationId');
  const fields: Partial<Record<Field, string>> = {};
  for (const name of names) {
    // Passwords are taken as typed: spaces may be part of them.
    const value = name === 'password' ? values.password : values[name].trim();
    if (value === '' && (options.mode === 'create' || name === 'password')) continue;
    fields[name] = value;
  }
  return fields;
}

export function driverFormSchema(options: DriverFormOptions) {
  const bodySchema = options.mode === 'create' ? driverCreateBodySchema : driverUpdateBodySchema;
  return formFieldsSchema.superRefine((values, ctx) => {
    const missing = new Set<Field>();
    const required = (field: Field) => {
      missing.add(field);
      ctx.addIssue({ code: 'custom', path: [field], message: MESSAGES.required });
    };
    if (!(USER_STATUSES as readonly string[]).includes(values.status)) required('status');
    if (options.mode === 'create' && options.chooseOrganization && values.organizationId === '') required('organizationId');
    if (options.mode === 'create' && values.password === '') required('password');
    // The username is an email or a phone number; the contract checks this only once every other field is valid.
    if (values.email.trim() === '' && values.phone.trim() === '') {
      missing.add('email');
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter an email or a phone number' });
    }

    const result = bodySchema.safeParse(driverFields(values, options));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (typeof field !== 'string' || !(field in values) || missing.has(field as Field)) continue;
      ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
    }
  });
}

export function toDriverFormData(values: DriverFormValues, options: DriverFormOptions, image: File | null): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(driverFields(values, options))) data.append(name, value);
  if (image) data.append('image', image);
  return data;
}

export function emptyDriverForm(): DriverFormValues {
  return { name: '', email: '', phone: '', password: '', status: 'ACTIVE', departmentId: '', organizationId: '' };
}

export function driverToForm(driver: Driver): DriverFormValues {
  return {
    name: driver.name,
    email: driver.email ?? '',
    phone: driver.phone ?? '',
    password: '',
    status: driver.status,
    departmentId: driver.departmentId ?? '',
    organizationId: driver.organizationId ?? '',
  };
}
