/** The audit trail (issue 12): who changed what, when and from where, read by admins per scope. */
import { z } from 'zod';
import {
  dateRangeFields,
  idSchema,
  listQuerySchema,
  pageMetaSchema,
  sortQueryFields,
  timestampSchema,
  withDateRangeCheck,
} from './common.js';
import { roleSchema } from './enum-schemas.js';

/** Every action the API records, as `<entity type>.<verb>`. */
export const AUDIT_ACTIONS = [
  /** Only for a request raised with an API key (issue 14; the note names the key) or by USSD (issue 46). */
  'fuel_request.created',
  'fuel_request.approved',
  'fuel_request.rejected',
  'fuel_request.redeemed',
  'fuel_request.expired',
  'fuel_request.confirmation_locked',
  /** A photo of the odometer sent by the redeeming station (issue 42). */
  'fuel_request.evidence_added',
  /** Only for a request raised with an API key, as `fuel_request.created`. */
  'maintenance_request.created',
  'maintenance_request.approved',
  'maintenance_request.rejected',
  'maintenance_request.priced',
  'maintenance_request.completed',
  'fuel_policy.created',
  'fuel_policy.updated',
  'fuel_policy.deleted',
  /** A manager's verdict on an anomaly flag of the review queue (issue 44). */
  'request_flag.reviewed',
  /** A manager's decision on an override asked at the pump (issue 44). */
  'policy_override.approved',
  'policy_override.declined',
  'policy_override.cancelled',
  'reserve.approved',
  'reserve.declined',
  'reserve.deactivated',
  'wallet.adjusted',
  'wallet.funded',
  'wallet.paid_out',
  'wallet.payout_failed',
  'wallet.payout_reversed',
  'wallet.subscription_paid',
  'organization.renewed',
  'organization.plan_changed',
  'organization.status_changed',
  'fuel_station.status_changed',
  'fuel_station.price_changed',
  /** A shared station device handed from one attendant to another with a station PIN (issue 42). */
  'fuel_station.attendant_switched',
  'plan.created',
  'plan.updated',
  'vehicle.status_changed',
  /** Frozen or unfrozen (issue 44): nothing is requested, approved or redeemed for it while frozen. */
  'vehicle.frozen',
  'vehicle.unfrozen',
  'vehicle.imported',
  'department.status_changed',
  'user.role_changed',
  'user.status_changed',
  /** Also a driver's sign-in to the USSD menu with the pump PIN (issue 46): the note says so. */
  'user.signed_in',
  /** The language a person reads FleetFuel in, changed from the USSD menu (issue 46). */
  'user.language_changed',
  'user.pump_pin_reset',
  /** A station attendant's forgotten station PIN cleared by the representative (issue 42). */
  'user.station_pin_cleared',
  /** A driver's invitation to choose a password sent again (issue 14). */
  'user.invitation_sent',
  /** A person's personal data erased on request (issue 45); the entry itself names nobody. */
  'user.erased',
  'driver.imported',
  'driver.frozen',
  'driver.unfrozen',
  'api_key.created',
  'api_key.revoked',
  'webhook.created',
  'webhook.deleted',
  /** The platform admin sent a FAILED e-mail or text of the outbox again (issue 16). */
  'message.resent',
  /** A redemption recorded offline and refused when sent (issue 42), and its settling by the station. */
  'redemption_follow_up.opened',
  'redemption_follow_up.resolved',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** The kinds of record an entry is about: the part of its action before the dot. */
export const AUDIT_ENTITY_TYPES = [
  'fuel_request',
  'maintenance_request',
  'fuel_policy',
  'request_flag',
  'policy_override',
  'reserve',
  'wallet',
  'organization',
  'fuel_station',
  'plan',
  'vehicle',
  'department',
  'user',
  'driver',
  'api_key',
  'webhook',
  'message',
  'redemption_follow_up',
] as const;
export const auditEntityTypeSchema = z.enum(AUDIT_ENTITY_TYPES);
export type AuditEntityType = z.infer<typeof auditEntityTypeSchema>;

/** A changed field's value as stored: money in naira, times as ISO strings, ids as text. */
export const auditValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type AuditValue = z.infer<typeof auditValueSchema>;
export const auditChangesSchema = z.record(z.string(), z.object({ before: auditValueSchema, after: auditValueSchema }));
export type AuditChanges = z.infer<typeof auditChangesSchema>;

/** What an audit entry records of one change, in the log and in a person's data export alike. */
export const auditRecordFields = {
  action: auditActionSchema,
  entityType: auditEntityTypeSchema,
  entityId: z.string(),
  changes: auditChangesSchema,
  ipAddress: z.string().nullable(),
  note: z.string().nullable(),
};

export const auditEntrySchema = z.object({
  id: z.string(),
  occurredAt: timestampSchema,
  /** Who acted, as they were then; null for the platform's own work (a scheduled renewal, a provider's webhook). */
  actor: z.object({ id: idSchema, name: z.string(), role: roleSchema }).nullable(),
  ...auditRecordFields,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `from` and `to` are Lagos calendar days, both included. */
export const AUDIT_SORTS = ['occurredAt', 'action', 'entityType'] as const;
export const auditListQuerySchema = withDateRangeCheck(
  listQuerySchema.extend({
    action: auditActionSchema.optional(),
    entityType: auditEntityTypeSchema.optional(),
    entityId: z.string().trim().min(1).max(100).optional(),
    ...dateRangeFields,
    ...sortQueryFields(AUDIT_SORTS),
  }),
);
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditListReplySchema = z.object({ entries: z.array(auditEntrySchema), meta: pageMetaSchema });
