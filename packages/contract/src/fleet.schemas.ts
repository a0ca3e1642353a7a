/** Assets (vehicles, generators, motorcycles), drivers, groups and insurance (spec section 3). */
import { z } from 'zod';
import {
  decimalsMessage,
  formInteger,
  formList,
  formNumber,
  hasAtMostDecimals,
  idSchema,
  listQuerySchema,
  sortQueryFields,
  optionalChoice,
  optionalDate,
  optionalIdSchema,
  pageMetaSchema,
  requiredDate,
  timestampSchema,
  optionalOneLine,
} from './common.js';
import { ASSET_STATUSES, INSURANCE_STATUSES, TRANSMISSION_TYPES } from './enums.js';
import { assetTypeSchema, nigerianLocationSchema, tenantStatusSchema, userStatusSchema, vehicleFuelTypeSchema } from './enum-schemas.js';
import { passwordSchema, oneLineText, requiredText } from './identity.js';
import { optionalEmail, optionalPhone, userSchema } from './identity.schemas.js';
import { MESSAGES } from './messages.js';
import { formNaira } from './plans.schemas.js';
import { isNairaAmount } from './money.js';

export const assetStatusSchema = z.enum(ASSET_STATUSES);
export const insuranceStatusSchema = z.enum(INSURANCE_STATUSES);
export const transmissionTypeSchema = z.enum(TRANSMISSION_TYPES);

const ref = z.object({ id: idSchema, name: z.string() });

/** Why and since when a vehicle or a driver is frozen (issue 44); null when not. */
const frozenSchema = z.object({ reason: z.string(), at: timestampSchema }).nullable();
/** `POST /vehicles/:id/freeze` and `POST /drivers/:id/freeze`: the reason the refusals will name. */
export const freezeBodySchema = z.strictObject({ reason: requiredText(200) });

export const vehicleSchema = z.object({
  id: idSchema,
  plateNumber: z.string().nullable(),
  model: z.string(),
  make: z.string(),
  type: assetTypeSchema,
  fuelType: vehicleFuelTypeSchema,
  driverId: idSchema.nullable(),
  driver: z.object({ id: idSchema, name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }).nullable(),
  departmentId: idSchema.nullable(),
  department: ref.nullable(),
  organizationId: idSchema,
  organization: ref,
  registrationNumber: z.string().nullable(),
  chasisNumber: z.string().nullable(),
  transmissionType: transmissionTypeSchema.nullable(),
  color: z.string().nullable(),
  datePurchase: z.string().nullable(),
  registrationState: z.string().nullable(),
  registrationExpiry: z.string().nullable(),
  year: z.number().int().nullable(),
  state: z.string().nullable(),
  securityNumber: z.string().nullable(),
  /** Naira. */
  purchasePrice: z.number().nullable(),
  /** Litres (kWh for electric assets). */
  tankSize: z.number().nullable(),
  status: assetStatusSchema,
  imageUrl: z.string().nullable(),
  insuranceStatus: insuranceStatusSchema,
  /** The last odometer reading recorded for the vehicle (km). */
  lastOdometer: z.number().nullable(),
  /** Frozen by an admin: no fuel is requested, approved or redeemed for it until unfrozen. */
  frozen: frozenSchema,
  createdAt: timestampSchema,
});
export type Vehicle = z.infer<typeof vehicleSchema>;

const optionalNaira = formNumber(z.number({ error: MESSAGES.invalidAmount }).min(0, MESSAGES.invalidAmount)).refine(
  (v) => v === null || isNairaAmount(v),
  MESSAGES.invalidAmount,
);

const vehicleFields = {
  plateNumber: optionalOneLine(20),
  model: oneLineText(80),
  make: oneLineText(80),
  type: assetTypeSchema,
  fuelType: vehicleFuelTypeSchema,
  departmentId: optionalIdSchema,
  registrationNumber: optionalOneLine(40),
  chasisNumber: optionalOneLine(40),
  transmissionType: optionalChoice(transmissionTypeSchema),
  color: optionalOneLine(40),
  datePurchase: optionalDate,
  registrationState: optionalChoice(nigerianLocationSchema),
  registrationExpiry: optionalDate,
  year: formInteger(1950, 2100).optional(),
  state: optionalChoice(nigerianLocationSchema),
  securityNumber: optionalOneLine(60),
  purchasePrice: optionalNaira.optional(),
  tankSize: formNumber(
    z
      .number({ error: 'Must be a number' })
      .positive('Must be more than 0')
      .max(100_000, 'Must be at most 100000')
      .refine((v) => hasAtMostDecimals(v, 2), decimalsMessage(2)),
  ).optional(),
  status: assetStatusSchema.optional(),
};

/** `POST /vehicles`: the platform admin names the organization; others get their own. */
export const vehicleCreateBodySchema = z.strictObject({
  ...vehicleFields,
  organizationId: optionalIdSchema,
  driverId: optionalIdSchema,
});
/** `PUT /vehicles/{id}` (multipart with an optional `image`): the driver is changed by assign/unassign. */
export const vehicleUpdateBodySchema = z.strictObject(vehicleFields).partial();

/** The columns the vehicles list sorts by; `group`, `driver` and `client` by their names. */
export const VEHICLE_SORTS = [
  'plateNumber',
  'model',
  'type',
  'state',
  'group',
  'driver',
  'client',
  'fuelType',
  'status',
  'createdAt',
] as const;
/** The vehicles list's filters, which its export shares. */
export const vehicleFiltersSchema = listQuerySchema.extend({
  organizationId: idSchema.optional(),
  type: assetTypeSchema.optional(),
  status: assetStatusSchema.optional(),
  departmentId: idSchema.optional(),
});
export const vehicleListQuerySchema = vehicleFiltersSchema.extend(sortQueryFields(VEHICLE_SORTS));
export const vehicleListReplySchema = z.object({ data: z.array(vehicleSchema), meta: pageMetaSchema });

/** The most vehicles one sheet of windscreen stickers prints (issue 42). */
export const MAX_STICKERS_PER_SHEET = 500;
/** Which vehicles to print stickers for: `ids` (comma-separated), or the whole fleet. */
export const vehicleStickersQuerySchema = z.strictObject({
  ids: formList(idSchema)
    .refine((ids) => ids.length <= MAX_STICKERS_PER_SHEET, `Print at most ${MAX_STICKERS_PER_SHEET} stickers at a time`)
    .optional(),
});
/** A vehicle's signed windscreen sticker: the QR payload (a compact JWS of `typ` ff-vehicle+jws). */
export const vehicleStickerReplySchema = z.object({ payload: z.string() });

export const assignDriverBodySchema = z.strictObject({ driverId: idSchema, vehicleId: idSchema });

export const insuranceSchema = z.object({
  vehicleId: idSchema,
  status: insuranceStatusSchema,
  insurerName: z.string().nullable(),
  insuranceType: z.string().nullable(),
  insuranceNumber: z.string().nullable(),
  coverageStartDate: z.string().nullable(),
  /** The form's spelling; the same date as coverageEndDate. */
  coverageExipiryDate: z.string().nullable(),
  coverageEndDate: z.string().nullable(),
  amount: z.number().nullable(),
  /** A signed link to the policy document, when one was uploaded. */
  document: z.string().nullable(),
  updatedAt: timestampSchema.nullable(),
});
export type Insurance = z.infer<typeof insuranceSchema>;

/** `PUT /insurance/vehicle/{id}` (multipart with an optional `document`: PDF or image). */
export const insuranceWriteBodySchema = z.strictObject({
  insurerName: oneLineText(120),
  insuranceType: oneLineText(60),
  insuranceNumber: oneLineText(60),
  coverageStartDate: requiredDate,
  coverageExipiryDate: requiredDate,
  amount: formNaira(),
});
export const insuranceWriteReplySchema = z.object({ message: z.string(), insurance: insuranceSchema });

export const departmentSchema = z.object({
  id: idSchema,
  name: z.string(),
  status: tenantStatusSchema,
  /** Litres a day across the group's vehicles; 0 means no cap. */
  maxDailyConsumption: z.number(),
  organizationId: idSchema,
  organization: ref,
  vehiclesCount: z.number().int(),
  driversCount: z.number().int(),
  createdAt: timestampSchema,
});
export type Department = z.infer<typeof departmentSchema>;

const litres = formNumber(
  z
    .number({ error: 'Must be a number' })
    .min(0, 'Must be at least 0')
    .max(1_000_000, 'Must be at most 1000000')
    .refine((v) => hasAtMostDecimals(v, 2), decimalsMessage(2)),
);

export const departmentCreateBodySchema = z.strictObject({
  name: oneLineText(120),
  status: tenantStatusSchema.optional(),
  maxDailyConsumption: litres.optional(),
  organizationId: optionalIdSchema,
});
export const departmentUpdateBodySchema = departmentCreateBodySchema.omit({ organizationId: true }).partial();
export const DEPARTMENT_SORTS = ['name', 'status', 'maxDailyConsumption', 'client', 'createdAt'] as const;
export const departmentFiltersSchema = listQuerySchema.extend({
  organizationId: idSchema.optional(),
  status: tenantStatusSchema.optional(),
});
export const departmentListQuerySchema = departmentFiltersSchema.extend(sortQueryFields(DEPARTMENT_SORTS));
export const departmentListReplySchema = z.object({ data: z.array(departmentSchema), meta: pageMetaSchema });
export const unassignDriverBodySchema = z.strictObject({ driverId: idSchema });

export const driverSchema = userSchema.extend({
  departmentId: idSchema.nullable(),
  department: ref.nullable(),
  /** Invited (imported without a password) and not yet through the invitation's link: it can be sent again. */
  passwordPending: z.boolean(),
  /** Frozen by an admin: no fuel is requested, approved or redeemed for the driver until unfrozen. */
  frozen: frozenSchema,
});
export type Driver = z.infer<typeof driverSchema>;

/** `POST /drivers` (multipart with an optional `image` avatar): a DRIVER account that can sign in. */
export const driverCreateBodySchema = z
  .strictObject({
    name: oneLineText(120),
    title: optionalOneLine(120),
    email: optionalEmail,
    phone: optionalPhone,
    password: passwordSchema,
    status: userStatusSchema.optional(),
    organizationId: optionalIdSchema,
    departmentId: optionalIdSchema,
  })
  .refine((v) => Boolean(v.email || v.phone), { message: 'Enter an email or a phone number', path: ['email'] });
export const driverUpdateBodySchema = z.strictObject({
  name: oneLineText(120).optional(),
  title: optionalOneLine(120),
  email: optionalEmail,
  phone: optionalPhone,
  password: passwordSchema.optional(),
  status: userStatusSchema.optional(),
  departmentId: optionalIdSchema,
});
export const DRIVER_SORTS = ['name', 'phone', 'email', 'group', 'client', 'status', 'createdAt'] as const;
export const driverFiltersSchema = listQuerySchema.extend({
  organizationId: idSchema.optional(),
  status: userStatusSchema.optional(),
  departmentId: idSchema.optional(),
  /** Only drivers without a vehicle (for the assign select). */
  unassigned: z.enum(['true', 'false']).optional(),
});
export const driverListQuerySchema = driverFiltersSchema.extend(sortQueryFields(DRIVER_SORTS));
export const driverListReplySchema = z.object({ data: z.array(driverSchema), meta: pageMetaSchema });

export const vehicleFreezeReplySchema = z.object({ message: z.string(), vehicle: vehicleSchema });
export const driverFreezeReplySchema = z.object({ message: z.string(), driver: driverSchema });
