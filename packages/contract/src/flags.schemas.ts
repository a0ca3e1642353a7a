/**
 * The review queue of anomaly flags (issue 44): every flag a fuel request raised, when it was made
 * or at the pump, waits `OPEN` until a manager judges it legitimate, suspected or confirmed fraud.
 * Flags are for managers: a driver's or a station's replies never carry them.
 */
import { z } from 'zod';
import { dateRangeFields, idSchema, listQuerySchema, sortQueryFields, timestampSchema, withDateRangeCheck } from './common.js';
import { soldFuelTypeSchema } from './enum-schemas.js';
import { requiredText } from './identity.js';
import { nairaSchema } from './money.js';
import { REQUEST_FLAG_CODES, requestStatusSchema } from './requests.schemas.js';

export const FLAG_STATUSES = ['OPEN', 'LEGITIMATE', 'SUSPECTED', 'CONFIRMED_FRAUD'] as const;
export type FlagStatus = (typeof FLAG_STATUSES)[number];
/** What a review may set: a judged flag may be judged again, never reopened. */
export const FLAG_VERDICTS = ['LEGITIMATE', 'SUSPECTED', 'CONFIRMED_FRAUD'] as const;
export const FLAG_SEVERITIES = ['warning', 'critical'] as const;
/** Where the flag was raised: when the request was made, or at the pump with the real volume. */
export const FLAG_STEPS = ['REQUEST', 'REDEMPTION'] as const;

const named = z.object({ id: idSchema, name: z.string() });

export const reviewFlagSchema = z.object({
  id: idSchema,
  code: z.enum(REQUEST_FLAG_CODES),
  severity: z.enum(FLAG_SEVERITIES),
  /** The numbers that raised it, e.g. "62 L requested; tank holds 50 L". */
  message: z.string(),
  step: z.enum(FLAG_STEPS),
  status: z.enum(FLAG_STATUSES),
  raisedAt: timestampSchema,
  note: z.string().nullable(),
  /** Naira won back from a confirmed fraud. */
  recoveredAmount: z.number().nullable(),
  reviewedBy: named.nullable(),
  reviewedAt: timestampSchema.nullable(),
  request: z.object({
    id: idSchema,
    status: requestStatusSchema,
    supplyDate: z.string(),
    fuelType: soldFuelTypeSchema,
    volume: z.number(),
    dispensedVolume: z.number().nullable(),
    /** Naira held at approval, and paid at the pump. */
    heldAmount: z.number().nullable(),
    amount: z.number().nullable(),
  }),
  vehicle: z.object({ id: idSchema, plateNumber: z.string().nullable(), make: z.string(), model: z.string() }),
  /** The fill's driver, fixed when the request was raised; null for a vehicle without one. */
  driver: named.nullable(),
  station: named,
  organization: named,
});
export type ReviewFlag = z.infer<typeof reviewFlagSchema>;

export const FLAG_SORTS = ['raisedAt', 'severity', 'code', 'status'] as const;
export const flagListQuerySchema = withDateRangeCheck(
  listQuerySchema.extend({
    status: z.enum(FLAG_STATUSES, { error: `Must be one of: ${FLAG_STATUSES.join(', ')}` }).optional(),
    severity: z.enum(FLAG_SEVERITIES, { error: 'Must be warning or critical' }).optional(),
    code: z.enum(REQUEST_FLAG_CODES, { error: `Must be one of: ${REQUEST_FLAG_CODES.join(', ')}` }).optional(),
    /** The platform admin names the organization; an organization's managers read their own. */
    organizationId: idSchema.optional(),
    /** Lagos days of `raisedAt`, both included. */
    ...dateRangeFields,
    ...sortQueryFields(FLAG_SORTS),
  }),
);
export const flagListReplySchema = z.object({ data: z.array(reviewFlagSchema), total: z.number().int() });

/** `PATCH /flags/:id`: the verdict, why, and for confirmed fraud the naira won back. */
export const flagReviewBodySchema = z.strictObject({
  status: z.enum(FLAG_VERDICTS, { error: `Must be one of: ${FLAG_VERDICTS.join(', ')}` }),
  note: requiredText(500),
  recoveredAmount: nairaSchema.optional(),
});
export type FlagReviewBody = z.infer<typeof flagReviewBodySchema>;
export const flagReviewReplySchema = z.object({ message: z.string(), flag: reviewFlagSchema });
