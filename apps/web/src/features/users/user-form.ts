/**
 * The account form of spec section 5. Its fields are plain strings (what inputs hold); validation
 * builds the request body and runs the contract's own schema on it, so the form cannot accept what
 * the API would refuse, and adds the rules that depend on the chosen role.
 */
import { z } from 'zod';
import {
  MESSAGES,
  ROLES,
  isOrganizationRole,
  isStationRole,
  userCreateBodySchema,
  userUpdateBodySchema,
  type Role,
  type User,
} from '@fleetfuel/contract';

export type UserFormMode = 'create' | 'edit';

const formFieldsSchema = z.object({
  name: z.string(),
  title: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.string(),
  password: z.string(),
  status: z.string(),
  organizationId: z.string(),
  fuelStationId: z.string(),
});

export type UserFormValues = z.infer<typeof formFieldsSchema>;

export function asRole(value: string): Role | null {
  return (ROLES as readonly string[]).includes(value) ? (value as Role) : null;
}

export function needsOrganization(role: string): boolean {
  const known = asRole(role);
  return known !== null && isOrganizationRole(known);
}

export function needsFuelStation(role: string): boolean {
  const known = asRole(role);
  return known !== null && isStationRole(known);
}

/** The body as the API expects it; fields that do not apply to the chosen role are left out or cleared. */
function draftBody(values: UserFormValues, mode: UserFormMode): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: values.name,
    title: values.title,
    email: values.email,
    phone: values.phone,
    role: values.role,
  };
  const withOrganization = needsOrganization(values.role);
  const withStation = needsFuelStation(values.role);
  if (mode === 'create') {
    body.password = values.password;
    if (withOrganization) body.organizationId = values.organizationId;
    if (withStation) body.fuelStationId = values.fuelStationId;
  } else {
    // An edit that changes the role must also drop the tenant the old role belonged to.
    body.organizationId = withOrganization ? values.organizationId : null;
    body.fuelStationId = withStation ? values.fuelStationId : null;
    body.status = values.status;
    if (values.password !== '') body.password = values.password;
  }
  return body;
}

export function userFormSchema(mode: UserFormMode) {
  const bodySchema = mode === 'create' ? userCreateBodySchema : userUpdateBodySchema;
  return formFieldsSchema.superRefine((values, ctx) => {
    const role = asRole(values.role);
    if (role === null) ctx.addIssue({ code: 'custom', path: ['role'], message: MESSAGES.required });
    if (needsOrganization(values.role) && values.organizationId === '') {
      ctx.addIssue({ code: 'custom', path: ['organizationId'], message: MESSAGES.required });
    }
    if (needsFuelStation(values.role) && values.fuelStationId === '') {
      ctx.addIssue({ code: 'custom', path: ['fuelStationId'], message: MESSAGES.required });
    }
    const result = bodySchema.safeParse(draftBody(values, mode));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const [field] = issue.path;
      // The checks above already speak for an empty role or tenant.
      if (field === 'role' && role === null) continue;
      if ((field === 'organizationId' || field === 'fuelStationId') && values[field] === '') continue;
      ctx.addIssue({ code: 'custom', path: issue.path.map(String), message: issue.message });
    }
  });
}

export function toCreateBody(values: UserFormValues) {
  return userCreateBodySchema.parse(draftBody(values, 'create'));
}

export function toUpdateBody(values: UserFormValues) {
  return userUpdateBodySchema.parse(draftBody(values, 'edit'));
}

export function emptyUserForm(presetRole?: Role): UserFormValues {
  return {
    name: '',
    title: '',
    email: '',
    phone: '',
    role: presetRole ?? '',
    password: '',
    status: 'ACTIVE',
    organizationId: '',
    fuelStationId: '',
  };
}

export function userToForm(user: User): UserFormValues {
  return {
    name: user.name,
    title: user.title ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    role: user.role,
    password: '',
    status: user.status,
    organizationId: user.organizationId ?? '',
    fuelStationId: user.fuelStationId ?? '',
  };
}

/** A new account of someone who is not the platform admin goes to the caller's own organization or station. */
export function ownTenant(values: UserFormValues, me: Pick<User, 'organizationId' | 'fuelStationId'> | null | undefined): UserFormValues {
  if (!me) return values;
  return { ...values, organizationId: me.organizationId ?? '', fuelStationId: me.fuelStationId ?? '' };
}
