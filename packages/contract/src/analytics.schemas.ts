/** The analytics overview (spec section 3) and the report downloads (spec section 7, Reports). */
import { z } from 'zod';
import { dateSchema, idSchema } from './common.js';
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
    /** km per litre from consecutive odometer readings: distance since the last fill over the litres filled. */
    efficiency: z.array(
      z.object({
        vehicleId: idSchema,
        plateNumber: z.string().nullable(),
        name: z.string(),
        distance: z.number(),
        litres: z.number(),
        kmPerLitre: z.number(),
      }),
    ),
  }),
  recent: z.object({ maintenanceLogs: z.array(maintenanceRequestSchema), fuelRequests: z.array(fuelRequestSchema) }),
  maintenanceAlerts: z.array(
    z.object({ vehicleId: idSchema, plateNumber: z.string().nullable(), name: z.string(), reasons: z.array(z.string()) }),
  ),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

export const analyticsQuerySchema = z.strictObject({
  /** How many months the graphs cover, ending with the current one. */
  months: z.coerce.number().int().min(1).max(24).default(12),
  organizationId: idSchema.optional(),
});

export const reportQuerySchema = z.strictObject({ organizationId: idSchema.optional() });
export const combinedReportQuerySchema = z
  .strictObject({ startDate: dateSchema, endDate: dateSchema, organizationId: idSchema.optional() })
  .refine((v) => v.startDate <= v.endDate, { message: 'The start date must be on or before the end date', path: ['endDate'] });
/**
 * A report PDF is streamed as it is written; this reply header announces its number of pages
 * before the first byte, so the client can show how far the download has come.
 */
export const REPORT_PAGES_HEADER = 'x-report-pages';
