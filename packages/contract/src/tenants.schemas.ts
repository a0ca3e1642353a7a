/** Organizations (clients) and fuel stations as listed for the platform admin. */
import { z } from 'zod';
import { idSchema, listQuerySchema, pageMetaSchema, timestampSchema } from './common.js';
import { organizationTypeSchema, soldFuelTypeSchema, tenantStatusSchema } from './enums.js';

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
  driversCount: z.number().int(),
  createdAt: timestampSchema,
});
export type Organization = z.infer<typeof organizationSchema>;

export const fuelStationSchema = z.object({
  id: idSchema,
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  status: tenantStatusSchema,
  imageUrl: z.string().nullable(),
  availableFuels: z.array(soldFuelTypeSchema),
  createdAt: timestampSchema,
});
export type FuelStation = z.infer<typeof fuelStationSchema>;

export const tenantListQuerySchema = listQuerySchema.extend({ status: tenantStatusSchema.optional() });

export const organizationListReplySchema = z.object({ data: z.array(organizationSchema), meta: pageMetaSchema });
export const fuelStationListReplySchema = z.object({ data: z.array(fuelStationSchema), meta: pageMetaSchema });
