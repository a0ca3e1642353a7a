/** The alerts centre (issue 12): what needs attention in the caller's scope, for the header bell. */
import { z } from 'zod';
import { dateSchema, idSchema } from './common.js';

export const ALERT_KINDS = [
  'INSURANCE_EXPIRY',
  'REGISTRATION_EXPIRY',
  'SERVICE_DUE',
  'SUBSCRIPTION_DUE',
  'COUPON_EXPIRY',
  'LOW_WALLET_BALANCE',
  'ANOMALY_FLAG',
  'COUPON_LOCKED',
  'OFFLINE_REDEMPTION_REFUSED',
  'OVERRIDE_PENDING',
] as const;
export const alertKindSchema = z.enum(ALERT_KINDS);
export const alertSeveritySchema = z.enum(['info', 'warning', 'critical']);
/**
 * The record an alert is about, so that the bell can link to it. A low wallet names the
 * organization that owns it: the wallet page opens by its owner. A pending override opens where it
 * is decided (the Flags page's "Overrides waiting").
 */
export const alertSubjectTypeSchema = z.enum(['VEHICLE', 'ORGANIZATION', 'FUEL_REQUEST', 'REDEMPTION_FOLLOW_UP', 'POLICY_OVERRIDE']);

export const alertSchema = z.object({
  kind: alertKindSchema,
  severity: alertSeveritySchema,
  subject: z.object({ type: alertSubjectTypeSchema, id: idSchema, label: z.string() }),
  message: z.string(),
  /** The Lagos day the matter falls due (or fell due); null when it has no date, like a low balance. */
  dueDate: dateSchema.nullable(),
});

export const alertsReplySchema = z.object({
  /** Pending overrides (someone waits at the pump), then most severe, then soonest due; at most MAX_ALERTS of them. */
  alerts: z.array(alertSchema),
  /** How many alerts there are, shown or not. */
  total: z.number().int().nonnegative(),
});

/** How many alerts one reply lists, so the bell stays small and the queries bounded. */
export const MAX_ALERTS = 100;

export type Alert = z.infer<typeof alertSchema>;
export type AlertKind = z.infer<typeof alertKindSchema>;
export type AlertSeverity = z.infer<typeof alertSeveritySchema>;
export type AlertsReply = z.infer<typeof alertsReplySchema>;
