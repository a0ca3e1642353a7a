/** Fuel and maintenance requests, coupons and redemption (spec sections 3, 4, 5, 7; domain rules). */
import { z } from 'zod';
import {
  decimalsMessage,
  formNumber,
  hasAtMostDecimals,
  idSchema,
  listQuerySchema,
  dateRangeFields,
  flagSchema,
  sortQueryFields,
  withDateRangeCheck,
  optionalIdSchema,
  optionalText,
  pageMetaSchema,
  requiredDate,
  timestampSchema,
} from './common.js';
import { REQUEST_STATUSES, TANK_LEVELS } from './enums.js';
import { assetTypeSchema, soldFuelTypeSchema } from './enum-schemas.js';
import { CONFIRMATION_CODE_LENGTH, pumpPinSchema, requiredText } from './identity.js';
import { formNaira } from './plans.schemas.js';

export const requestStatusSchema = z.enum(REQUEST_STATUSES);
export type RequestStatus = z.infer<typeof requestStatusSchema>;

const person = z.object({ id: idSchema, name: z.string() });
const vehicleRef = z.object({
  id: idSchema,
  plateNumber: z.string().nullable(),
  make: z.string(),
  model: z.string(),
  type: assetTypeSchema,
});
const stationRef = z.object({ id: idSchema, name: z.string(), address: z.string().nullable() });

/** The anomalies a fuel request is checked for when it is made and again when it is redeemed (issue 12). */
export const REQUEST_FLAG_CODES = [
  'VOLUME_ABOVE_TANK',
  'TANK_OVERFILL',
  'ODOMETER_BACKWARDS',
  'ODOMETER_JUMP',
  'EFFICIENCY_OUTLIER',
  'PRICE_ABOVE_STATION_MEDIAN',
  'REPEAT_WITHIN_12H',
  'DISPENSED_OFF_PATTERN',
  /** A SOFT fuel policy the request breaches (issue 44): let through, for a manager to judge. */
  'POLICY_BREACH',
  /** At the pump (issue 42): a fill for a vehicle less than an hour after its previous fill. */
  'REPEAT_VEHICLE',
  /** At the pump (issue 42): a fill while the station is closed, by its opening hours. */
  'OUTSIDE_HOURS',
] as const;
/** A request's flag; its message says the numbers that raised it, e.g. "62 L requested; tank holds 50 L". */
export const requestFlagSchema = flagSchema(REQUEST_FLAG_CODES);
export type RequestFlag = z.infer<typeof requestFlagSchema>;

/** Litres (kWh, kg) of one request: stored with two decimals. */
const volumeSchema = z
  .number({ error: 'Please enter valid volume' })
  .positive('Must be more than 0')
  .max(100_000, 'Must be at most 100000')
  .refine((v) => hasAtMostDecimals(v, 2), decimalsMessage(2));

/** The tank level choices of the form: Empty, 1/10 … 7/10. */
export const tankLevelSchema = formNumber(z.number()).refine(
  (v) => v === null || (TANK_LEVELS as readonly number[]).includes(v),
  'Choose a tank level: Empty, 1/10 … 7/10',
);
/** An odometer reading in km; omitted or 0 (the form's default) means no reading. */
export const odometerSchema = formNumber(
  z
    .number({ error: 'Must be a number' })
    .min(0, 'Must be at least 0')
    .max(10_000_000, 'Must be at most 10000000')
    .refine((v) => hasAtMostDecimals(v, 1), decimalsMessage(1)),
).transform((v) => (v === 0 ? null : v));

/** Who a fuel request or a maintenance job is for and by: the first keys of both. */
const requestPartyFields = {
  id: idSchema,
  vehicle: vehicleRef,
  organization: person,
  requestedBy: person,
};

/** The readings a fuel request or a maintenance job was raised with, and its review: the same keys, in this order, in both. */
const requestReviewFields = {
  currentOdometerReading: z.number().nullable(),
  currentTankLevel: z.number().nullable(),
  status: requestStatusSchema,
  note: z.string().nullable(),
  createdAt: timestampSchema,
  approvedBy: person.nullable(),
  approvedAt: timestampSchema.nullable(),
  rejectedBy: person.nullable(),
  rejectedAt: timestampSchema.nullable(),
  rejectionNote: z.string().nullable(),
};

export const fuelRequestSchema = z.object({
  ...requestPartyFields,
  supplyDate: z.string(),
  station: stationRef,
  /** Litres (kWh for electric). */
  volume: z.number(),
  unit: z.string(),
  /** The fuel dispensed (a HYBRID vehicle draws PETROL). */
  fuelType: soldFuelTypeSchema,
  ...requestReviewFields,
  /** Why the approver approved it; required for a flagged request when the organization asks (Settings). */
  approvalNote: z.string().nullable(),
  /** Naira per unit, locked at approval. */
  pricePerUnit: z.number().nullable(),
  /** Naira held on the wallet at approval. */
  heldAmount: z.number().nullable(),
  couponCode: z.string().nullable(),
  couponExpiresAt: timestampSchema.nullable(),
  /**
   * The coupon's QR content (a compact JWS, EdDSA; keys at GET /coupons/keys) while the request is
   * APPROVED, for those who may download the coupon; null otherwise. The web app draws the QR from it.
   */
  qrPayload: z.string().nullable(),
  redeemedBy: person.nullable(),
  redeemedAt: timestampSchema.nullable(),
  dispensedVolume: z.number().nullable(),
  /** Naira paid for the dispensed fuel. */
  amount: z.number().nullable(),
  flags: z.array(requestFlagSchema),
  /**
   * Why the odometer reading (currentOdometerReading) is left out of efficiency and of the vehicle's
   * last reading: it jumps further than the vehicle could have driven (issue 42); null when it counts.
   */
  odometerExclusion: z.string().nullable(),
});
export type FuelRequest = z.infer<typeof fuelRequestSchema>;

/** A photo the redeeming station took at the pump (issue 42). */
export const fuelEvidenceSchema = z.object({
  id: idSchema,
  kind: z.enum(['ODOMETER_PHOTO']),
  /** A signed link to the photo, valid for hours. */
  url: z.string(),
  uploadedBy: person,
  uploadedAt: timestampSchema,
});
export type FuelEvidence = z.infer<typeof fuelEvidenceSchema>;
/** One fuel request, with the photos taken at its redemption. */
export const fuelRequestDetailSchema = fuelRequestSchema.extend({ evidence: z.array(fuelEvidenceSchema) });
/** Beside the multipart `photo`: what it shows (the odometer, the only kind so far). */
export const fuelEvidenceBodySchema = z.strictObject({ kind: z.enum(['ODOMETER_PHOTO']).optional() });
export const fuelEvidenceReplySchema = z.object({ message: z.string(), evidence: z.array(fuelEvidenceSchema) });

/**
 * The filters the fuel and maintenance lists share, and their exports: `from` and `to` bound the
 * date each list shows (a fuel request's supply date, a maintenance request's date).
 */
export const requestFiltersSchema = listQuerySchema.extend({
  vehicleId: idSchema.optional(),
  status: requestStatusSchema.optional(),
  organizationId: idSchema.optional(),
  stationId: idSchema.optional(),
  ...dateRangeFields,
});
export const FUEL_REQUEST_SORTS = ['volume', 'supplyDate', 'status', 'createdAt'] as const;
export const MAINTENANCE_SORTS = ['cost', 'date', 'status', 'createdAt'] as const;
export const requestListQuerySchema = withDateRangeCheck(requestFiltersSchema.extend(sortQueryFields(FUEL_REQUEST_SORTS)));
export const maintenanceListQuerySchema = withDateRangeCheck(requestFiltersSchema.extend(sortQueryFields(MAINTENANCE_SORTS)));

export const fuelSummarySchema = z.object({
  /** Litres (or kWh) of every request in the list's scope but rejected ones. */
  totalVolume: z.number(),
  pendingVolume: z.number(),
  approvedVolume: z.number(),
  dispensedVolume: z.number(),
  pendingCount: z.number().int(),
});
export const fuelRequestListReplySchema = z.object({
  requests: z.array(fuelRequestSchema),
  summary: fuelSummarySchema,
  meta: pageMetaSchema,
});

export const fuelRequestCreateBodySchema = z.strictObject({
  vehicleId: idSchema,
  stationId: idSchema,
  supplyDate: requiredDate,
  volume: formNumber(volumeSchema).refine((v) => v !== null, 'Please enter valid volume'),
  currentOdometer: odometerSchema.optional(),
  currentTankLevel: tankLevelSchema.optional(),
  note: optionalText(500),
});

export const rejectBodySchema = z.strictObject({ note: optionalText(500) });
/** Approving takes an optional note, as rejecting does; the organization may require one for a flagged request. */
export const approveBodySchema = z.strictObject({ note: optionalText(500) });

/** What a station user types or scans: the short code, or the signed QR payload. */
const couponFields = {
  code: z.string().trim().min(1).max(40).optional(),
  qr: z.string().trim().min(1).max(2000).optional(),
};
const oneCoupon = (v: { code?: string | undefined; qr?: string | undefined }) => Boolean(v.code) !== Boolean(v.qr);
const oneCouponIssue = { message: 'Enter the coupon code or scan its QR code', path: ['code'] };

export const couponQuerySchema = z.strictObject(couponFields).refine(oneCoupon, oneCouponIssue);
/** No station device recorded a fill before FleetFuel ran; a day ahead allows for a device's clock. */
const OFFLINE_RECORDS_SINCE = '2020-01-01T00:00:00Z';
const DAY_MS = 86_400_000;

export const fuelCompleteBodySchema = z
  .strictObject({
    ...couponFields,
    dispensedVolume: formNumber(volumeSchema).refine((v) => v !== null, 'Please enter valid volume'),
    odometer: odometerSchema.optional(),
    /**
     * The driver's confirmation, when the organization requires it: the driver's PIN or the one-time
     * code texted to the driver. At the pump one box takes whichever the driver gives, so the server
     * checks either field against both.
     */
    driverPin: pumpPinSchema.optional(),
    confirmationCode: z
      .string()
      .regex(new RegExp(`^\\d{${CONFIRMATION_CODE_LENGTH}}$`), `The one-time code has ${CONFIRMATION_CODE_LENGTH} digits`)
      .optional(),
    /** The scanned windscreen sticker of the vehicle (issue 42), when the organization requires it. */
    vehicleQr: z.string().trim().min(1).max(2000).optional(),
    /**
     * When a station's device recorded this redemption with no network: set by the device's queue.
     * If the server refuses such a redemption, the fuel has already left the pump, so the refusal
     * becomes a follow-up for the station representative and an alert to the organization.
     */
    recordedOfflineAt: z.iso
      .datetime({ offset: true, error: 'Must be the time the device recorded it, as ISO 8601' })
      .refine((v) => Date.parse(v) >= Date.parse(OFFLINE_RECORDS_SINCE) && Date.parse(v) <= Date.now() + DAY_MS, {
        message: 'Must be a time from 2020 until now',
      })
      .optional(),
  })
  .refine(oneCoupon, oneCouponIssue)
  .refine((v) => v.driverPin === undefined || v.confirmationCode === undefined, {
    message: "Enter the driver's PIN or the one-time code, not both",
    path: ['confirmationCode'],
  });

export const couponPreviewReplySchema = z.object({
  kind: z.enum(['FUEL', 'MAINTENANCE']),
  redeemable: z.boolean(),
  /** Why the coupon cannot be redeemed, when it cannot. */
  message: z.string().nullable(),
  /** The organization requires the driver's PIN or a one-time code to redeem this coupon. */
  driverConfirmationRequired: z.boolean(),
  /** The organization requires the vehicle's windscreen sticker to be scanned (issue 42): fuel coupons only. */
  vehicleScanRequired: z.boolean(),
  /** The organization requires the odometer reading typed, and a photo of it sent, at the pump (issue 42): fuel coupons only. */
  odometerRequired: z.boolean(),
  odometerPhotoRequired: z.boolean(),
  fuelRequest: fuelRequestSchema.nullable(),
  maintenanceRequest: z.lazy(() => maintenanceRequestSchema).nullable(),
});

export const stationOptionSchema = z.object({
  id: idSchema,
  name: z.string(),
  address: z.string().nullable(),
  imageUrl: z.string().nullable(),
  availableFuels: z.array(soldFuelTypeSchema),
  prices: z.array(z.object({ fuelType: soldFuelTypeSchema, pricePerLitre: z.number(), unit: z.string() })),
});
export const stationOptionsReplySchema = z.object({ stations: z.array(stationOptionSchema) });

export const requestWriteReplySchema = z.object({ message: z.string(), request: fuelRequestSchema });

export const maintenanceRequestSchema = z.object({
  ...requestPartyFields,
  date: z.string(),
  description: z.string(),
  /** Naira: the estimate, held at approval when a station services it. */
  cost: z.number(),
  /** Naira: the station's final cost, not above the approved one. */
  finalCost: z.number().nullable(),
  fuelStation: stationRef.nullable(),
  ...requestReviewFields,
  couponCode: z.string().nullable(),
  completedBy: person.nullable(),
  completedAt: timestampSchema.nullable(),
  /** Naira paid. */
  amount: z.number().nullable(),
});
export type MaintenanceRequest = z.infer<typeof maintenanceRequestSchema>;

export const maintenanceSummarySchema = z.object({
  totalCount: z.number().int(),
  pendingCount: z.number().int(),
  approvedCount: z.number().int(),
  completedCount: z.number().int(),
  /** Naira: estimates of pending and approved jobs, and what completed ones cost. */
  pendingCost: z.number(),
  completedCost: z.number(),
});
export const maintenanceListReplySchema = z.object({
  logs: z.array(maintenanceRequestSchema),
  summary: maintenanceSummarySchema,
  meta: pageMetaSchema,
});
export const maintenanceMyRequestsReplySchema = z.object({
  requests: z.array(maintenanceRequestSchema),
  summary: maintenanceSummarySchema,
  meta: pageMetaSchema,
});

export const maintenanceCreateBodySchema = z.strictObject({
  vehicleId: idSchema,
  description: requiredText(1000),
  note: optionalText(500),
  date: requiredDate,
  cost: formNaira({ positive: true }),
  currentOdometerReading: odometerSchema.optional(),
  currentTankLevel: tankLevelSchema.optional(),
  stationId: optionalIdSchema,
});
export const maintenanceCompleteBodySchema = z.strictObject({
  ...couponFields,
  /** Naira; not above the approved cost. */
  finalCost: formNaira({ positive: true }).optional(),
});
export const maintenancePriceBodySchema = z.strictObject({ id: idSchema, cost: formNaira({ positive: true }) });
export const maintenanceWriteReplySchema = z.object({ message: z.string(), request: maintenanceRequestSchema });
