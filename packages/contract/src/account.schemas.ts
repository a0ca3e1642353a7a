/** The signed-in user's own account, support tickets, and organization preferences. */
import { z } from 'zod';
import { formInteger, idSchema, listQuerySchema, optionalIdSchema, pageMetaSchema, timestampSchema, optionalOneLine } from './common.js';
import { languageSchema } from './enum-schemas.js';
import { emailSchema, passwordSchema, pumpPinSchema, oneLineText, requiredText } from './identity.js';
import { optionalPhone, sessionUserSchema } from './identity.schemas.js';
import { MESSAGES } from './messages.js';
import { formNaira } from './plans.schemas.js';

/** General tab: the user's own name, phone, title, language and avatar (multipart `image`). */
export const profileUpdateBodySchema = z.strictObject({
  name: oneLineText(120).optional(),
  phone: optionalPhone,
  title: optionalOneLine(120),
  language: languageSchema.optional(),
});
export const emailChangeBodySchema = z.strictObject({
  email: emailSchema,
  currentPassword: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
});
export const passwordChangeBodySchema = z.strictObject({
  currentPassword: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
  newPassword: passwordSchema,
});
/** `PUT /account/pump-pin`: the driver sets or changes its PIN for confirming redemptions at the pump. */
export const pumpPinBodySchema = z.strictObject({ pin: pumpPinSchema });
export const profileReplySchema = z.object({ message: z.string(), user: sessionUserSchema });

export const sessionSchema = z.object({
  id: idSchema,
  current: z.boolean(),
  createdAt: timestampSchema,
  lastUsedAt: timestampSchema,
  expiresAt: timestampSchema,
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
});
export const sessionListReplySchema = z.object({ sessions: z.array(sessionSchema) });

export const NOTIFICATION_KINDS = [
  'requestDecisions',
  'couponRedeemed',
  'walletFunded',
  'expiryWarnings',
  'subscriptionDue',
  'supportReplies',
  'dailyDigest',
  'budgetAlerts',
] as const;
export const notificationPreferencesSchema = z.object({
  requestDecisions: z.boolean(),
  couponRedeemed: z.boolean(),
  walletFunded: z.boolean(),
  expiryWarnings: z.boolean(),
  subscriptionDue: z.boolean(),
  supportReplies: z.boolean(),
  /** The daily e-mail summing up an organization's alerts, sent to its admins. */
  dailyDigest: z.boolean(),
  /** A fuel budget of the organization 80% and 100% used (issue 44), sent to its admins. */
  budgetAlerts: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const notificationPreferencesBodySchema = notificationPreferencesSchema.partial().strict();

export const ticketStatusSchema = z.enum(['OPEN', 'ANSWERED', 'CLOSED']);
const person = z.object({ id: idSchema, name: z.string(), role: z.string() });

export const ticketSchema = z.object({
  id: idSchema,
  subject: z.string(),
  message: z.string(),
  status: ticketStatusSchema,
  openedBy: person,
  /** The opener's organization or station, for the platform admin's triage. */
  tenant: z.string().nullable(),
  attachmentUrl: z.string().nullable(),
  replies: z.array(z.object({ id: idSchema, message: z.string(), author: person, createdAt: timestampSchema })),
  repliesCount: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  closedAt: timestampSchema.nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketListQuerySchema = listQuerySchema.extend({ status: ticketStatusSchema.optional() });
export const ticketListReplySchema = z.object({ tickets: z.array(ticketSchema), meta: pageMetaSchema });
/** `POST /support/tickets` (multipart with an optional `attachment`, or JSON). */
export const ticketCreateBodySchema = z.strictObject({ subject: oneLineText(200), message: requiredText(5000) });
export const ticketReplyBodySchema = z.strictObject({ message: requiredText(5000) });
export const ticketWriteReplySchema = z.object({ message: z.string(), ticket: ticketSchema });
export const supportContactSchema = z.object({ email: z.string(), phone: z.string(), hours: z.string() });

export const organizationSettingsSchema = z.object({
  organizationId: idSchema,
  name: z.string(),
  type: z.string(),
  address: z.string().nullable(),
  status: z.string(),
  domain: z.string().nullable(),
  defaultStationId: idSchema.nullable(),
  /** Days after the supply date a fuel coupon stays valid. */
  couponValidityDays: z.number().int(),
  /** Whether fuel may be approved for a vehicle whose insurance has expired. */
  allowExpiredInsurance: z.boolean(),
  serviceIntervalDays: z.number().int(),
  serviceIntervalKm: z.number().int(),
  /** Naira: below this wallet balance the alerts centre warns the organization. */
  lowBalanceThreshold: z.number(),
  /** Whether approving a fuel request that carries anomaly flags needs a note from the approver. */
  requireNoteForFlaggedApproval: z.boolean(),
  /** Whether each redemption needs the driver's pump PIN or a one-time code texted to the driver. */
  requireDriverConfirmation: z.boolean(),
  /** Whether each fuel redemption needs the vehicle's signed windscreen sticker scanned at the pump. */
  requireVehicleScan: z.boolean(),
  /** Whether each fuel redemption needs a photo of the odometer taken at the pump (POST /fuel-requests/:id/evidence). */
  requireOdometerPhoto: z.boolean(),
  /** Whether each fuel redemption needs the odometer reading typed at the pump. */
  requireOdometerAtPump: z.boolean(),
  /** Whether texts go without accents (plain GSM-7): half the SMS parts, readable on any phone. */
  asciiTexts: z.boolean(),
});
export const COUPON_VALIDITY_DAYS = { min: 1, max: 14 } as const;
export const organizationSettingsBodySchema = z.strictObject({
  defaultStationId: optionalIdSchema,
  couponValidityDays: formInteger(COUPON_VALIDITY_DAYS.min, COUPON_VALIDITY_DAYS.max).optional(),
  allowExpiredInsurance: z.boolean().optional(),
  serviceIntervalDays: formInteger(7, 730).optional(),
  serviceIntervalKm: formInteger(500, 100_000).optional(),
  lowBalanceThreshold: formNaira().optional(),
  requireNoteForFlaggedApproval: z.boolean().optional(),
  requireDriverConfirmation: z.boolean().optional(),
  requireVehicleScan: z.boolean().optional(),
  requireOdometerPhoto: z.boolean().optional(),
  requireOdometerAtPump: z.boolean().optional(),
  asciiTexts: z.boolean().optional(),
});
export const organizationSettingsQuerySchema = z.strictObject({ organizationId: idSchema.optional() });
export const organizationSettingsReplySchema = z.object({ settings: organizationSettingsSchema });
