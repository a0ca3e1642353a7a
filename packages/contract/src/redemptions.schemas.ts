/** A station's redemptions: fuel coupons redeemed and maintenance jobs completed there (issue 13). */
import { z } from 'zod';
import {
  dateRangeFields,
  dateSchema,
  flagSchema,
  idSchema,
  listQuerySchema,
  pageMetaSchema,
  timestampSchema,
  withDateRangeCheck,
} from './common.js';

/** `from` and `to` are Lagos calendar days, both included; both default to today. */
export const stationRedemptionsQuerySchema = withDateRangeCheck(listQuerySchema.omit({ search: true }).extend(dateRangeFields));

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
  /** Naira per unit, fixed when the coupon was approved: the device shows what the fill costs. */
  pricePerUnit: z.number(),
  /**
   * The organization requires the driver's PIN or one-time code at the pump: such a coupon is never
   * redeemed offline, since no device-held check of a 4–6 digit secret resists a stolen device
   * (docs/security.md, "Offline redemption").
   */
  driverConfirmationRequired: z.boolean(),
  /** The vehicle the coupon is for, and whether its sticker must be scanned: the device checks it offline (issue 42). */
  vehicleId: idSchema,
  vehicleScanRequired: z.boolean(),
  /** The organization requires the odometer typed and photographed at the pump: the device keeps the photo until it can send it. */
  odometerRequired: z.boolean(),
  odometerPhotoRequired: z.boolean(),
});
export type OpenCoupon = z.infer<typeof openCouponSchema>;

export const openCouponsReplySchema = z.object({
  coupons: z.array(openCouponSchema),
  /** When the server read the list: the device says how old its copy is. */
  generatedAt: timestampSchema,
});
export type OpenCouponsReply = z.infer<typeof openCouponsReplySchema>;

/**
 * A redemption that a station's device recorded with no network and that the server refused when it
 * was sent: fuel may have left the pump unpaid, so the station representative follows it up and the
 * organization is alerted. `organization` and `fuelRequestId` are null when the coupon is not one of
 * this station's (then nothing of another tenant is named).
 */
export const FOLLOW_UP_STATUSES = ['OPEN', 'RESOLVED'] as const;
export const followUpStatusSchema = z.enum(FOLLOW_UP_STATUSES);

export const redemptionFollowUpSchema = z.object({
  id: idSchema,
  status: followUpStatusSchema,
  fuelRequestId: idSchema.nullable(),
  couponCode: z.string().nullable(),
  plate: z.string().nullable(),
  fuelType: z.string().nullable(),
  dispensedVolume: z.number(),
  unit: z.string().nullable(),
  /** Naira the fill would have paid at the coupon's price; null when the coupon is unknown here. */
  amount: z.number().nullable(),
  organization: z.object({ id: idSchema, name: z.string() }).nullable(),
  station: z.object({ id: idSchema, name: z.string() }),
  recordedBy: z.object({ id: idSchema, name: z.string() }).nullable(),
  recordedOfflineAt: timestampSchema,
  refusedAt: timestampSchema,
  /** The server's refusal, as the device was told. */
  reason: z.string(),
  resolvedAt: timestampSchema.nullable(),
  resolvedBy: z.object({ id: idSchema, name: z.string() }).nullable(),
  resolutionNote: z.string().nullable(),
});
export type RedemptionFollowUp = z.infer<typeof redemptionFollowUpSchema>;

/** A station representative's own station; the platform admin any (`stationId`) or all. */
export const redemptionFollowUpsQuerySchema = listQuerySchema.extend({
  status: followUpStatusSchema.optional(),
  stationId: idSchema.optional(),
});

export const redemptionFollowUpsReplySchema = z.object({
  followUps: z.array(redemptionFollowUpSchema),
  /** Open follow-ups of the scope, whatever the filter. */
  open: z.number().int(),
  meta: pageMetaSchema,
});

export const resolveFollowUpBodySchema = z.strictObject({
  note: z.string().trim().min(1, 'Say how it was settled').max(500, 'Must be at most 500 characters'),
});

export const redemptionFollowUpReplySchema = z.object({ message: z.string(), followUp: redemptionFollowUpSchema });

/**
 * The patterns collusion at the pump leaves (issue 42, attendant accountability), each raised as a
 * flag with the numbers that raised it.
 */
export const ATTENDANT_PATTERN_CODES = [
  /** Fills that stop just under the coupon's maximum: the rest sold on, or split with the driver. */
  'NEAR_MAXIMUM',
  /** Round volumes below the maximum: typed, not read off the pump. */
  'ROUND_VOLUMES',
  /** A second coupon for one vehicle within an hour of its last fill. */
  'REPEAT_VEHICLE',
  /** One driver's fills handled by one attendant far above that attendant's share. */
  'DRIVER_PAIR',
  /** Redemptions while the station is closed. */
  'OUTSIDE_HOURS',
] as const;
export const attendantPatternFlagSchema = flagSchema(ATTENDANT_PATTERN_CODES);
export type AttendantPatternFlag = z.infer<typeof attendantPatternFlagSchema>;

/** The longest period one report reads, so that it stays a bounded read of the range index. */
export const ATTENDANT_REPORT_MAX_DAYS = 92;

/**
 * `from`/`to`: Lagos days, both included (default: the last 30 days). A station representative
 * sees its own station; the platform admin any (`stationId`, required); an organization's admins
 * its fleet's fills at every station, or one (`stationId`).
 */
export const attendantsQuerySchema = withDateRangeCheck(z.strictObject({ ...dateRangeFields, stationId: idSchema.optional() }));

export const attendantFiguresSchema = z.object({
  id: idSchema,
  name: z.string(),
  station: z.object({ id: idSchema, name: z.string() }),
  /** Fuel coupons this attendant redeemed in the period (in the organization's view: of its fleet). */
  redemptions: z.number().int(),
  /** Litres (kWh, kg) dispensed, all fuels together. */
  litres: z.number(),
  amount: z.number(),
  /** Redemptions that show at least one pattern. */
  flagged: z.number().int(),
  nearMaximum: z.number().int(),
  roundVolumes: z.number().int(),
  repeatVehicle: z.number().int(),
  outsideHours: z.number().int(),
  flags: z.array(attendantPatternFlagSchema),
});
export type AttendantFigures = z.infer<typeof attendantFiguresSchema>;

export const attendantsReplySchema = z.object({
  attendants: z.array(attendantFiguresSchema),
  from: dateSchema,
  to: dateSchema,
});
export type AttendantsReply = z.infer<typeof attendantsReplySchema>;
