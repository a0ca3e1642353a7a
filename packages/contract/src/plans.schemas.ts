/** Subscription plans (spec sections 3 and 9) and station fuel prices. */
import { z } from 'zod';
import { formInteger, idSchema, requiredFormNumber, listQuerySchema, optionalText, pageMetaSchema, timestampSchema } from './common.js';
import { DEFAULT_PLAN_CYCLE_DAYS } from './enums.js';
import { planStatusSchema, soldFuelTypeSchema } from './enum-schemas.js';
import { oneLineText } from './identity.js';
import { isNairaAmount } from './money.js';
import { MESSAGES } from './messages.js';

export const planSchema = z.object({
  id: idSchema,
  name: z.string(),
  status: planStatusSchema,
  /** Billing cycle in days. */
  circle: z.number().int(),
  /** Naira per cycle. */
  amount: z.number(),
  /** 0 means unlimited. */
  driversLimit: z.number().int(),
  assetsLimit: z.number().int(),
  fuelRequestLimit: z.number().int(),
  maintenanceRequestLimit: z.number().int(),
  description: z.string().nullable(),
  isDefault: z.boolean(),
  organizationsCount: z.number().int(),
  createdAt: timestampSchema,
});
export type Plan = z.infer<typeof planSchema>;

/** A required naira amount as a JSON number or a form string, at most two decimals. */
export const formNaira = (options: { positive?: boolean } = {}) =>
  requiredFormNumber(
    z
      .number({ error: MESSAGES.invalidAmount })
      .min(options.positive ? 0.01 : 0, MESSAGES.invalidAmount)
      .refine(isNairaAmount, MESSAGES.invalidAmount),
  );

/** A plan limit: 0 or empty means unlimited. */
const limit = formInteger(0, 1_000_000).transform((v) => v ?? 0);

export const planCreateBodySchema = z.strictObject({
  name: oneLineText(120),
  status: planStatusSchema.optional(),
  circle: formInteger(1, 3660)
    .transform((v) => v ?? DEFAULT_PLAN_CYCLE_DAYS)
    .optional(),
  amount: formNaira(),
  driversLimit: limit.optional(),
  assetsLimit: limit.optional(),
  fuelRequestLimit: limit.optional(),
  maintenanceRequestLimit: limit.optional(),
  description: optionalText(1000),
  isDefault: z.boolean().optional(),
});
export const planUpdateBodySchema = planCreateBodySchema.partial();

export const planListQuerySchema = listQuerySchema.extend({ status: planStatusSchema.optional() });
export const planListReplySchema = z.object({ subscriptions: z.array(planSchema), meta: pageMetaSchema });
export const planWriteReplySchema = z.object({ message: z.string(), subscription: planSchema });

export const fuelPriceSchema = z.object({
  id: idSchema,
  fuelStationId: idSchema,
  fuelType: soldFuelTypeSchema,
  /** Naira per unit of the fuel type (litre, kWh or kg). */
  pricePerLitre: z.number(),
  unit: z.string(),
  setBy: z.object({ id: idSchema, name: z.string() }).nullable(),
  createdAt: timestampSchema,
});
export type FuelPrice = z.infer<typeof fuelPriceSchema>;

export const priceUpdateBodySchema = z.strictObject({
  pricePerLitre: formNaira({ positive: true }),
  fuelType: soldFuelTypeSchema,
});
export const priceUpdateReplySchema = z.object({ message: z.string(), price: fuelPriceSchema });

export const priceHistoryQuerySchema = listQuerySchema.extend({
  fuelType: soldFuelTypeSchema.optional(),
  stationId: idSchema.optional(),
});
export const priceHistoryReplySchema = z.object({
  /** The fuels the station sells, priced or not yet. */
  availableFuels: z.array(soldFuelTypeSchema),
  /** The latest price of each fuel the station sells; a fuel without a price yet is absent. */
  current: z.array(fuelPriceSchema),
  prices: z.array(fuelPriceSchema),
  meta: pageMetaSchema,
});
