/** Billing & Reserves: fuel reserves, the current subscription and its usage (spec sections 2, 3, 4). */
import { z } from 'zod';
import {
  decimalsMessage,
  formNumber,
  hasAtMostDecimals,
  idSchema,
  listQuerySchema,
  optionalText,
  pageMetaSchema,
  timestampSchema,
} from './common.js';
import { reserveStatusSchema, soldFuelTypeSchema } from './enum-schemas.js';
import { planSchema } from './plans.schemas.js';

export const reserveSchema = z.object({
  id: idSchema,
  fuelType: soldFuelTypeSchema,
  /** Units of the fuel type (L, kWh, kg). */
  amount: z.number(),
  remaining: z.number(),
  unit: z.string(),
  status: reserveStatusSchema,
  note: z.string().nullable(),
  requestedBy: z.object({ id: idSchema, name: z.string() }).nullable(),
  approvedBy: z.object({ id: idSchema, name: z.string() }).nullable(),
  approvedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
export type Reserve = z.infer<typeof reserveSchema>;

export const reserveSummarySchema = z.object({
  fuelType: soldFuelTypeSchema,
  unit: z.string(),
  /** What ACTIVE reserves of this fuel still hold. */
  remaining: z.number(),
  /** What ACTIVE reserves of this fuel held when approved. */
  total: z.number(),
  pending: z.number(),
});

export const reserveListQuerySchema = listQuerySchema.extend({
  organizationId: idSchema.optional(),
  status: reserveStatusSchema.optional(),
  fuelType: soldFuelTypeSchema.optional(),
});
export const reserveListReplySchema = z.object({
  reserves: z.array(reserveSchema),
  summary: z.array(reserveSummarySchema),
  meta: pageMetaSchema,
});

export const reserveCreateBodySchema = z.strictObject({
  fuelType: soldFuelTypeSchema,
  amount: formNumber(
    z
      .number({ error: 'Please enter valid amount' })
      .positive('Please enter valid amount')
      .max(10_000_000, 'Must be at most 10000000')
      .refine((v) => hasAtMostDecimals(v, 2), decimalsMessage(2)),
  ).refine((v) => v !== null, 'Please enter valid amount'),
  note: optionalText(300),
});
/** `PATCH /fuel-reserves/{id}`: approve (the default) or deactivate a reserve. */
export const reserveUpdateBodySchema = z.strictObject({ status: z.enum(['ACTIVE', 'INACTIVE']).optional() });
export const reserveWriteReplySchema = z.object({ message: z.string(), reserve: reserveSchema });

export const usageSchema = z.object({ used: z.number().int(), limit: z.number().int() });

export const currentSubscriptionSchema = z.object({
  plan: planSchema.nullable(),
  nextBilling: timestampSchema.nullable(),
  /** The subscription is expired once nextBilling has passed; new requests are refused then. */
  expired: z.boolean(),
  /** Renew Subscription is enabled only once nextBilling has passed. */
  canRenew: z.boolean(),
  cycleStart: timestampSchema.nullable(),
  usage: z.object({ drivers: usageSchema, assets: usageSchema, fuelRequests: usageSchema, maintenanceRequests: usageSchema }),
});
export const currentSubscriptionQuerySchema = z.strictObject({ organizationId: idSchema.optional() });
export const currentSubscriptionReplySchema = z.object({ subscription: currentSubscriptionSchema });
export const renewBodySchema = z.strictObject({ subscriptionId: idSchema.optional() });
export const renewReplySchema = z.object({ message: z.string(), subscription: currentSubscriptionSchema });
