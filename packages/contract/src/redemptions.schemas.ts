/** A station's redemptions: fuel coupons redeemed and maintenance jobs completed there (issue 13). */
import { z } from 'zod';
import { dateSchema, idSchema, listQuerySchema, pageMetaSchema, timestampSchema } from './common.js';

/** `from` and `to` are Lagos calendar days, both included; both default to today. */
export const stationRedemptionsQuerySchema = listQuerySchema
  .omit({ search: true })
  .extend({ from: dateSchema.optional(), to: dateSchema.optional() })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'The start date must be on or before the end date', path: ['to'] });

export const stationRedemptionSchema = z.object({
  kind: z.enum(['FUEL', 'MAINTENANCE']),
  /** The fuel request's or the maintenance job's id. */
  id: idSchema,
  redeemedAt: timestampSchema,
  vehicle: z.object({ id: idSchema, plateNumber: z.string().nullable(), make: z.string(), model: z.string() }),
  organization: z.object({ id: idSchema, name: z.string() }),
  /** Fuel only: what was dispensed. */
  fuelType: z.string().nullable(),
  volume: z.number().nullable(),
  unit: z.string().nullable(),
  /** Maintenance only: the job. */
  description: z.string().nullable(),
  /** Naira paid to the station for it. */
  amount: z.number(),
  redeemedBy: z.object({ id: idSchema, name: z.string() }).nullable(),
});
export type StationRedemption = z.infer<typeof stationRedemptionSchema>;

export const stationRedemptionsReplySchema = z.object({
  redemptions: z.array(stationRedemptionSchema),
  /** Over every redemption of the period, not only this page. */
  summary: z.object({
    count: z.number().int(),
    fuelCount: z.number().int(),
    maintenanceCount: z.number().int(),
    amount: z.number(),
    volumes: z.array(z.object({ unit: z.string(), volume: z.number() })),
  }),
  meta: pageMetaSchema,
});

/** The most open coupons a station's device keeps for offline checks, the soonest-expiring first. */
export const OPEN_COUPONS_MAX = 5000;

/** An APPROVED, unexpired fuel coupon of the caller's station, as its device keeps it for offline checks. */
export const openCouponSchema = z.object({
  requestId: idSchema,
  code: z.string(),
  plate: z.string().nullable(),
  fuelType: z.string(),
  /** The approved volume, in the fuel's unit. */
  maxVolume: z.number(),
  expiresAt: timestampSchema,
  organizationName: z.string(),
});
export type OpenCoupon = z.infer<typeof openCouponSchema>;

export const openCouponsReplySchema = z.object({
  coupons: z.array(openCouponSchema),
  /** When the server read the list: the device says how old its copy is. */
  generatedAt: timestampSchema,
});
export type OpenCouponsReply = z.infer<typeof openCouponsReplySchema>;
