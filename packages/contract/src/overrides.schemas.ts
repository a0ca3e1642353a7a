/**
 * Overrides at the pump (issue 44): a fill that breaks a SOFT fuel policy stops with
 * OVERRIDE_REQUIRED and an override request; the organization admin approves or declines it in one
 * tap, and an approved override lets that coupon be redeemed, up to the litres asked, for 15 minutes.
 */
import { z } from 'zod';
import { idSchema, listQuerySchema, optionalText, timestampSchema } from './common.js';
import { soldFuelTypeSchema } from './enum-schemas.js';

/** CANCELLED: the attendant stopped waiting (the driver left) before a manager decided. */
export const OVERRIDE_STATUSES = ['PENDING', 'APPROVED', 'DECLINED', 'USED', 'EXPIRED', 'CANCELLED'] as const;
export type OverrideStatus = (typeof OVERRIDE_STATUSES)[number];
/** How long an approved override lets its coupon through. */
export const OVERRIDE_VALID_MINUTES = 15;

const named = z.object({ id: idSchema, name: z.string() });

export const policyOverrideSchema = z.object({
  id: idSchema,
  status: z.enum(OVERRIDE_STATUSES),
  /** Why the pump stopped: each SOFT policy the fill breaks, with its numbers and source. */
  breaches: z.array(z.string()),
  /** The litres the attendant was about to dispense; an approval covers up to this. */
  dispensedVolume: z.number(),
  request: z.object({
    id: idSchema,
    couponCode: z.string().nullable(),
    volume: z.number(),
    fuelType: soldFuelTypeSchema,
    supplyDate: z.string(),
  }),
  vehicle: z.object({ id: idSchema, plateNumber: z.string().nullable(), make: z.string(), model: z.string() }),
  driver: named.nullable(),
  station: named,
  organization: named,
  requestedBy: named,
  requestedAt: timestampSchema,
  decidedBy: named.nullable(),
  decidedAt: timestampSchema.nullable(),
  note: z.string().nullable(),
  /** Until when an approved override lets the coupon through. */
  expiresAt: timestampSchema.nullable(),
});
export type PolicyOverride = z.infer<typeof policyOverrideSchema>;

export const overrideListQuerySchema = listQuerySchema.extend({
  status: z.enum(OVERRIDE_STATUSES, { error: `Must be one of: ${OVERRIDE_STATUSES.join(', ')}` }).optional(),
  /** The platform admin names the organization. */
  organizationId: idSchema.optional(),
});
export const overrideListReplySchema = z.object({ data: z.array(policyOverrideSchema), total: z.number().int() });

/** `PATCH /overrides/:id`: approve or decline, with an optional note the attendant sees. */
export const overrideDecisionBodySchema = z.strictObject({
  decision: z.enum(['APPROVE', 'DECLINE'], { error: 'Must be APPROVE or DECLINE' }),
  note: optionalText(300),
});
export type OverrideDecisionBody = z.infer<typeof overrideDecisionBodySchema>;
export const overrideReplySchema = z.object({ message: z.string(), override: policyOverrideSchema });
export const stationOverrideReplySchema = z.object({ override: policyOverrideSchema });
