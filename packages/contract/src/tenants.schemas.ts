/** Organizations (clients) and fuel stations, and what the platform admin writes of them. */
import { z } from 'zod';
import {
  formList,
  formNumber,
  idSchema,
  listQuerySchema,
  dateRangeFields,
  sortQueryFields,
  withDateRangeCheck,
  optionalIdSchema,
  optionalChoice,
  optionalText,
  pageMetaSchema,
  timestampSchema,
} from './common.js';
import { nigerianLocationSchema, organizationTypeSchema, soldFuelTypeSchema, tenantStatusSchema } from './enum-schemas.js';
import { oneLineText } from './identity.js';

export const organizationSchema = z.object({
  id: idSchema,
  name: z.string(),
  type: organizationTypeSchema,
  address: z.string().nullable(),
  status: tenantStatusSchema,
  subscriptionId: idSchema.nullable(),
  subscription: z.object({ id: idSchema, name: z.string() }).nullable(),
  domain: z.string().nullable(),
  nextBilling: timestampSchema.nullable(),
  imageUrl: z.string().nullable(),
  vehiclesCount: z.number().int(),
  driversCount: z.number().int(),
  createdAt: timestampSchema,
});
export type Organization = z.infer<typeof organizationSchema>;

export const fuelStationSchema = z.object({
  id: idSchema,
  name: z.string(),
  address: z.string().nullable(),
  /** The Nigerian state it is in, which ALLOWED_STATES fuel policies judge; null until recorded. */
  state: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  status: tenantStatusSchema,
  imageUrl: z.string().nullable(),
  availableFuels: z.array(soldFuelTypeSchema),
  /** Opening hours, Lagos time 'HH:MM'; both null: open around the clock. A closing time before the opening one is after midnight. */
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  /** Distinct vehicles and drivers (requesters) the station has served by redeeming coupons. */
  vehiclesCount: z.number().int(),
  driversCount: z.number().int(),
  createdAt: timestampSchema,
});
export type FuelStation = z.infer<typeof fuelStationSchema>;

/** Clients and stations: `from` and `to` bound the day they joined. */
export const tenantFiltersSchema = listQuerySchema.extend({ status: tenantStatusSchema.optional(), ...dateRangeFields });
export const CLIENT_SORTS = ['name', 'type', 'status', 'createdAt'] as const;
export const STATION_SORTS = ['name', 'address', 'status', 'createdAt'] as const;
export const organizationListQuerySchema = withDateRangeCheck(tenantFiltersSchema.extend(sortQueryFields(CLIENT_SORTS)));
export const fuelStationListQuerySchema = withDateRangeCheck(tenantFiltersSchema.extend(sortQueryFields(STATION_SORTS)));

export const organizationListReplySchema = z.object({ data: z.array(organizationSchema), meta: pageMetaSchema });
export const fuelStationListReplySchema = z.object({ data: z.array(fuelStationSchema), meta: pageMetaSchema });

const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const domainSchema = optionalText(253).refine(
  (v) => v === null || v === undefined || DOMAIN_PATTERN.test(v.toLowerCase()),
  'Must be a domain such as acme.com.ng',
);

/** `POST /admin/organizations` (multipart with an optional `image` logo, or JSON). */
export const organizationCreateBodySchema = z.strictObject({
  name: oneLineText(160),
  type: organizationTypeSchema,
  address: optionalText(300),
  status: tenantStatusSchema.optional(),
  subscriptionId: optionalIdSchema,
  domain: domainSchema,
});
export const organizationUpdateBodySchema = organizationCreateBodySchema.partial();

export const organizationAnalyticsSchema = z.object({
  activeClients: z.object({ count: z.number().int(), newThisWeek: z.number().int() }),
  suspendedClients: z.number().int(),
  totalClients: z.object({ count: z.number().int(), addedThisMonth: z.number().int() }),
  totalVehicles: z.number().int(),
  vehiclesNeedServicing: z.number().int(),
});

const coordinate = (min: number, max: number, name: string) =>
  formNumber(
    z
      .number({ error: `${name} must be a number` })
      .min(min, `${name} must be between ${min} and ${max}`)
      .max(max, `${name} must be between ${min} and ${max}`),
  ).optional();

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = (name: string) =>
  optionalText(5).refine((v) => v === null || v === undefined || TIME_OF_DAY.test(v), `${name} must be a time such as 06:30`);

/** `POST /admin/fuel-stations` (multipart with an optional `image`, or JSON). */
export const fuelStationCreateBodySchema = z.strictObject({
  name: oneLineText(160),
  address: optionalText(300),
  state: optionalChoice(nigerianLocationSchema),
  latitude: coordinate(-90, 90, 'Latitude'),
  longitude: coordinate(-180, 180, 'Longitude'),
  status: tenantStatusSchema.optional(),
  availableFuels: formList(soldFuelTypeSchema)
    .refine((list) => list.length > 0, 'Choose at least one fuel type')
    .transform((list) => [...new Set(list)]),
  /** Both or neither; none: open around the clock. */
  opensAt: timeOfDay('Opening time'),
  closesAt: timeOfDay('Closing time'),
});
export const fuelStationUpdateBodySchema = fuelStationCreateBodySchema.partial();
