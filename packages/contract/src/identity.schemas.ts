/** Entities and payloads of sign-in, sessions and user accounts (spec sections 3 and 7, Auth). */
import { z } from 'zod';
import {
  blankable,
  dateRangeFields,
  idSchema,
  listQuerySchema,
  sortQueryFields,
  withDateRangeCheck,
  optionalIdSchema,
  pageMetaSchema,
  timestampSchema,
  optionalOneLine,
} from './common.js';
import {
  assetTypeSchema,
  languageSchema,
  organizationTypeSchema,
  roleSchema,
  userStatusSchema,
  vehicleFuelTypeSchema,
} from './enum-schemas.js';
import { emailSchema, normalizeEmail, normalizeNigerianPhone, passwordSchema, oneLineText } from './identity.js';
import { MESSAGES } from './messages.js';

export const tenantRefSchema = z.object({
  id: idSchema,
  name: z.string(),
  imageUrl: z.string().nullable(),
});

/** Who a user is and how to reach them: the first keys of a user and of a person's data export. */
export const userContactFields = {
  id: idSchema,
  name: z.string(),
  title: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: roleSchema,
};

export const userSchema = z.object({
  ...userContactFields,
  organizationId: idSchema.nullable(),
  fuelStationId: idSchema.nullable(),
  imageUrl: z.string().nullable(),
  status: userStatusSchema,
  /** The language the person reads the app, texts, e-mails and coupons in (issue 46). */
  language: languageSchema,
  organization: tenantRefSchema.nullable(),
  fuelStation: tenantRefSchema.nullable(),
  /** The asset a driver is assigned to (a driver holds at most one). */
  vehicle: z
    .object({
      id: idSchema,
      plateNumber: z.string().nullable(),
      make: z.string(),
      model: z.string(),
      type: assetTypeSchema,
      fuelType: vehicleFuelTypeSchema,
    })
    .nullable(),
  createdAt: timestampSchema,
});
export type User = z.infer<typeof userSchema>;

/** The signed-in user as the shell shows it. */
export const sessionUserSchema = userSchema.extend({ firstName: z.string() });
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginBodySchema = z.strictObject({
  username: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(254),
  password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(1024),
});

export const authReplySchema = z.object({ token: z.string(), user: sessionUserSchema });

export const passwordResetRequestBodySchema = z.strictObject({ email: emailSchema });
export const passwordResetConfirmBodySchema = z.strictObject({
  token: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(200),
  password: passwordSchema,
});

export const optionalEmail = blankable((v) => z.email().safeParse(v).success, MESSAGES.email, normalizeEmail);
export const optionalPhone = blankable(
  (v) => normalizeNigerianPhone(v) !== null,
  MESSAGES.phone,
  (v) => normalizeNigerianPhone(v) as string,
);
const optionalId = optionalIdSchema;

/** Fields an account is made of; the tenant fields are checked against the role by the server. */
const accountFields = {
  name: oneLineText(120),
  title: optionalOneLine(120),
  email: optionalEmail,
  phone: optionalPhone,
  role: roleSchema,
  organizationId: optionalId,
  fuelStationId: optionalId,
};

const needsEmailOrPhone = (v: { email?: string | null; phone?: string | null }) => Boolean(v.email || v.phone);
const emailOrPhoneIssue = { message: 'Enter an email or a phone number', path: ['email'] };

export const userCreateBodySchema = z
  .strictObject({ ...accountFields, password: passwordSchema, status: userStatusSchema.optional() })
  .refine(needsEmailOrPhone, emailOrPhoneIssue);
export type UserCreateBody = z.input<typeof userCreateBodySchema>;

export const userUpdateBodySchema = z.strictObject({
  name: accountFields.name.optional(),
  title: accountFields.title,
  email: accountFields.email,
  phone: accountFields.phone,
  role: roleSchema.optional(),
  organizationId: accountFields.organizationId,
  fuelStationId: accountFields.fuelStationId,
  status: userStatusSchema.optional(),
  password: passwordSchema.optional(),
});
export type UserUpdateBody = z.input<typeof userUpdateBodySchema>;

/**
 * `POST /auth/register`: with a bearer token, an account created within the caller's rights (the
 * same fields as `POST /admin/users`); without one, self-service sign-up of a new organization and
 * its ADMINISTRATOR, when the platform enables it.
 */
export const registerBodySchema = z
  .strictObject({
    ...accountFields,
    role: roleSchema.optional(),
    password: passwordSchema,
    organizationName: oneLineText(160).optional(),
    organizationType: organizationTypeSchema.optional(),
  })
  .refine(needsEmailOrPhone, emailOrPhoneIssue);

/** With a bearer token the caller keeps its own session: no token is issued for the new account. */
export const registerReplySchema = z.object({ token: z.string().nullable(), user: userSchema });

export const USER_SORTS = ['name', 'email', 'phone', 'role', 'status', 'createdAt'] as const;
/** `from` and `to` bound the day each account was created. */
export const userListQuerySchema = withDateRangeCheck(
  listQuerySchema.extend({
    role: roleSchema.optional(),
    status: userStatusSchema.optional(),
    organizationId: idSchema.optional(),
    fuelStationId: idSchema.optional(),
    ...dateRangeFields,
    ...sortQueryFields(USER_SORTS),
  }),
);

export const userListReplySchema = z.object({ users: z.array(userSchema), meta: pageMetaSchema });
