/** The analytics overview (spec section 3) and the report downloads (spec section 7, Reports). */
import { z } from 'zod';
import { dateRangeFields, dateSchema, idSchema, listQuerySchema, pageMetaSchema, timestampSchema, withDateRangeCheck } from './common.js';
import { vehicleFuelTypeSchema } from './enum-schemas.js';
import { fuelRequestSchema, maintenanceRequestSchema } from './requests.schemas.js';

const monthSchema = z.object({
  /** YYYY-MM, Lagos time. */
  month: z.string(),
  /** "Jun 2026". */
  label: z.string(),
});

export const analyticsOverviewSchema = z.object({
  scope: z.enum(['PLATFORM', 'ORGANIZATION', 'DRIVER', 'STATION']),
  counts: z.object({
    vehicles: z.number().int(),
    drivers: z.number().int(),
    organizations: z.number().int(),
    fuelStations: z.number().int(),
    maintenanceRequests: z.object({
      PENDING: z.number().int(),
      APPROVED: z.number().int(),
      REJECTED: z.number().int(),
      COMPLETED: z.number().int(),
    }),
    /** Vehicles due for maintenance by the one rule. */
    maintenanceDue: z.number().int(),
  }),
  /** One short line under each stat card. */
  notes: z.object({ vehicles: z.string(), drivers: z.string(), fuelConsumption: z.string(), maintenanceDue: z.string() }),
  fuelSummary: z.object({
    /** Litres requested (rejected requests left out). */
    totalRequested: z.number(),
    totalPending: z.number(),
    /** Litres dispensed. */
    totalCompleted: z.number(),
    /** Litres dispensed in the current month. */
    thisMonth: z.number(),
  }),
  graph: z.object({
    monthlyFuelVolume: z.array(monthSchema.extend({ volume: z.number() })),
    /** Naira: what the scope paid (expenses) and received (earnings) each month. */
    monthlyFinancials: z.array(monthSchema.extend({ expenses: z.number(), earnings: z.number() })),
  }),
  consumption: z.object({
    /**
     * Litres redeemed per driver of the vehicle at the time of the request, whoever raised it;
     * fills of vehicles that had no driver are one row with a null driverId named "No driver".
     */
    completedByDriver: z.array(z.object({ driverId: idSchema.nullable(), name: z.string(), volume: z.number() })),
  }),
  recent: z.object({ maintenanceLogs: z.array(maintenanceRequestSchema), fuelRequests: z.array(fuelRequestSchema) }),
  maintenanceAlerts: z.array(
    z.object({ vehicleId: idSchema, plateNumber: z.string().nullable(), name: z.string(), reasons: z.array(z.string()) }),
  ),
  /**
   * The review queue's figures (issue 44) for managers: flags waiting, fills confirmed as fraud with
   * the naira they paid, and the naira recovered; null for a driver or a station.
   */
  fraud: z
    .object({
      openFlags: z.number().int(),
      confirmedFraudRequests: z.number().int(),
      confirmedFraudAmount: z.number(),
      recoveredAmount: z.number(),
    })
    .nullable(),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

export const analyticsQuerySchema = z.strictObject({
  /** How many months the graphs cover, ending with the current one. */
  months: z.coerce.number().int().min(1).max(24).default(12),
  organizationId: idSchema.optional(),
});

/** How long a period the efficiency list may cover: the Analytics page's longest, 24 calendar months (with a leap day). */
export const EFFICIENCY_MAX_DAYS = 731;
/** An ACTIVE vehicle with no completed fill in this many days up to the period's end is a silent asset. */
export const SILENT_ASSET_DAYS = 30;

/**
 * `GET /analytics/efficiency` (issue 12): `from` and `to` are Lagos calendar days, both included,
 * by default the 90 days ending today. `search` matches the plate (and name); `vehicleId` narrows
 * the list to one asset (the asset's Fuel Logs tab).
 */
export const efficiencyQuerySchema = withDateRangeCheck(
  listQuerySchema.extend({ organizationId: idSchema.optional(), vehicleId: idSchema.optional(), ...dateRangeFields }),
);
export type EfficiencyQuery = z.infer<typeof efficiencyQuerySchema>;

export const efficiencyVehicleSchema = z.object({
  vehicleId: idSchema,
  plateNumber: z.string().nullable(),
  /** Make and model. */
  name: z.string(),
  fuelType: vehicleFuelTypeSchema,
  /** What `volume` and `kmPerUnit` count: litres, or kWh for an electric vehicle. */
  unit: z.enum(['L', 'kWh']),
  /** km driven over the measured intervals (consecutive full fills with readings). */
  distanceKm: z.number(),
  /** Litres (or kWh) filled at the end of the measured intervals. */
  volume: z.number(),
  /** null when no interval of the period could be measured. */
  kmPerUnit: z.number().nullable(),
  /** Naira per km over the measured intervals; null when no distance was measured. */
  costPerKm: z.number().nullable(),
  /** The period's completed fills, measured or not. */
  fills: z.number().int(),
  /** Unbroken stretches of measured intervals; a missing or lower reading starts a new one. */
  runs: z.number().int(),
});
export type EfficiencyVehicle = z.infer<typeof efficiencyVehicleSchema>;

export const silentAssetSchema = z.object({
  vehicleId: idSchema,
  plateNumber: z.string().nullable(),
  name: z.string(),
  /** The last completed fill up to the period's end; null if it never had one. */
  lastFillAt: timestampSchema.nullable(),
  /** Whole Lagos days from the last fill to the period's end; null if it never had one. */
  daysSinceLastFill: z.number().int().nullable(),
});
export type SilentAsset = z.infer<typeof silentAssetSchema>;

export const efficiencyReplySchema = z.object({
  /** The period read, after defaults. */
  from: z.string(),
  to: z.string(),
  /** Vehicles with a completed fill in the period, worst km per unit first (unmeasured last). */
  vehicles: z.array(efficiencyVehicleSchema),
  meta: pageMetaSchema,
  /** At most 20 ACTIVE vehicles without a fill in the 30 days up to `to`, the longest silent first. */
  silentAssets: z.array(silentAssetSchema),
  silentAssetsTotal: z.number().int(),
});
export type EfficiencyReply = z.infer<typeof efficiencyReplySchema>;

export const reportQuerySchema = z.strictObject({ organizationId: idSchema.optional() });
export const combinedReportQuerySchema = z
  .strictObject({ startDate: dateSchema, endDate: dateSchema, organizationId: idSchema.optional() })
  .refine((v) => v.startDate <= v.endDate, { message: 'The start date must be on or before the end date', path: ['endDate'] });
/**
 * A report PDF is streamed as it is written; this reply header announces its number of pages
 * before the first byte, so the client can show how far the download has come.
 */
export const REPORT_PAGES_HEADER = 'x-report-pages';
