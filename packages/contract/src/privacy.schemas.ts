/**
 * Personal data under the NDPA 2023 (issue 45): a person's export of everything the platform holds
 * about them, and the reply of an erasure. The export is JSON the person keeps; each list holds the
 * newest `PERSONAL_DATA_EXPORT_LIMIT` rows, and `truncated` says which lists were cut there.
 */
import { z } from 'zod';
import { idSchema, timestampSchema } from './common.js';
import { userStatusSchema } from './enum-schemas.js';
import { auditRecordFields } from './audit.schemas.js';
import { userContactFields } from './identity.schemas.js';
import { notificationPreferencesSchema } from './account.schemas.js';

/** Rows of each list an export carries at most, newest first: a large customer's history stays out of memory. */
export const PERSONAL_DATA_EXPORT_LIMIT = 5_000;

/** The name an erased person's account keeps, where the ledger, requests and audit still point at it. */
export const ERASED_PERSON_NAME = 'Erased person';

const exportedPersonSchema = z.object({
  ...userContactFields,
  status: userStatusSchema,
  organization: z.string().nullable(),
  fuelStation: z.string().nullable(),
  group: z.string().nullable(),
  /** A signed link to the stored photo, valid for some hours; null when there is none. */
  photoUrl: z.string().nullable(),
  pumpPinSet: z.boolean(),
  stationPinSet: z.boolean(),
  frozenReason: z.string().nullable(),
  notificationPreferences: notificationPreferencesSchema,
  createdAt: timestampSchema,
  erasedAt: timestampSchema.nullable(),
});

const exportedSessionSchema = z.object({
  id: idSchema,
  createdAt: timestampSchema,
  lastUsedAt: timestampSchema,
  expiresAt: timestampSchema,
  endedAt: timestampSchema.nullable(),
  endReason: z.string().nullable(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
});

const exportedFuelRequestSchema = z.object({
  id: idSchema,
  /** Whether the person asked for it, and whether they were the vehicle's driver. */
  asRequester: z.boolean(),
  asDriver: z.boolean(),
  status: z.string(),
  vehicle: z.string().nullable(),
  station: z.string(),
  fuelType: z.string(),
  volume: z.number(),
  supplyDate: z.string(),
  odometer: z.number().nullable(),
  note: z.string().nullable(),
  /** Naira charged at redemption; null until redeemed. */
  amount: z.number().nullable(),
  dispensedVolume: z.number().nullable(),
  createdAt: timestampSchema,
  approvedAt: timestampSchema.nullable(),
  redeemedAt: timestampSchema.nullable(),
});

const exportedMaintenanceRequestSchema = z.object({
  id: idSchema,
  status: z.string(),
  vehicle: z.string().nullable(),
  station: z.string().nullable(),
  description: z.string(),
  serviceDate: z.string(),
  /** Naira: the estimate, and what the job finally cost. */
  cost: z.number(),
  finalCost: z.number().nullable(),
  note: z.string().nullable(),
  createdAt: timestampSchema,
  approvedAt: timestampSchema.nullable(),
  completedAt: timestampSchema.nullable(),
});

const exportedMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['EMAIL', 'SMS']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.string(),
  createdAt: timestampSchema,
  sentAt: timestampSchema.nullable(),
});

const exportedAuditEntrySchema = z.object({
  id: z.string(),
  occurredAt: timestampSchema,
  /** `ACTOR`: the person did it; `SUBJECT`: it was done to the person's account. */
  as: z.enum(['ACTOR', 'SUBJECT']),
  ...auditRecordFields,
});

export const personalDataExportSchema = z.object({
  exportedAt: timestampSchema,
  /** Rows each list holds at most. */
  limit: z.number().int(),
  person: exportedPersonSchema,
  sessions: z.array(exportedSessionSchema),
  requests: z.object({ fuel: z.array(exportedFuelRequestSchema), maintenance: z.array(exportedMaintenanceRequestSchema) }),
  messages: z.array(exportedMessageSchema),
  auditEntries: z.array(exportedAuditEntrySchema),
  /** The lists cut at `limit` (older rows exist beyond it). */
  truncated: z.object({
    sessions: z.boolean(),
    fuelRequests: z.boolean(),
    maintenanceRequests: z.boolean(),
    messages: z.boolean(),
    auditEntries: z.boolean(),
  }),
});
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;

export const personErasedReplySchema = z.object({ message: z.string(), erasedAt: timestampSchema });
