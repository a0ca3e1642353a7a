/** The organization preferences form: plain strings and switches, checked by the contract's body schema. */
import { z } from 'zod';
import { MESSAGES, organizationSettingsBodySchema, type RouteReply, type routes } from '@fleetfuel/contract';

const NUMBER_FIELDS = ['couponValidityDays', 'serviceIntervalDays', 'serviceIntervalKm', 'lowBalanceThreshold'] as const;

type OrganizationSettings = RouteReply<typeof routes.organizationSettings.get>['settings'];

export const settingsFormSchema = z
  .object({
    defaultStationId: z.string(),
    couponValidityDays: z.string(),
    allowExpiredInsurance: z.boolean(),
    serviceIntervalDays: z.string(),
    serviceIntervalKm: z.string(),
    /** Naira, as typed. */
    lowBalanceThreshold: z.string(),
    requireNoteForFlaggedApproval: z.boolean(),
    requireDriverConfirmation: z.boolean(),
    requireVehicleScan: z.boolean(),
    requireOdometerAtPump: z.boolean(),
    requireOdometerPhoto: z.boolean(),
    asciiTexts: z.boolean(),
  })
  .superRefine((values, ctx) => {
    for (const field of NUMBER_FIELDS) {
      if (values[field].trim() === '') ctx.addIssue({ code: 'custom', path: [field], message: MESSAGES.required });
    }
    const result = organizationSettingsBodySchema.safeParse(values);
    if (result.success) return;
    for (const issue of result.error.issues) {
      if (NUMBER_FIELDS.some((field) => issue.path[0] === field && values[field].trim() === '')) continue;
      ctx.addIssue({ code: 'custom', path: issue.path.map(String), message: issue.message });
    }
  });
export type SettingsFormValues = z.infer<typeof settingsFormSchema>;

export function settingsToForm(settings: OrganizationSettings): SettingsFormValues {
  return {
    defaultStationId: settings.defaultStationId ?? '',
    couponValidityDays: String(settings.couponValidityDays),
    allowExpiredInsurance: settings.allowExpiredInsurance,
    serviceIntervalDays: String(settings.serviceIntervalDays),
    serviceIntervalKm: String(settings.serviceIntervalKm),
    lowBalanceThreshold: String(settings.lowBalanceThreshold),
    requireNoteForFlaggedApproval: settings.requireNoteForFlaggedApproval,
    requireDriverConfirmation: settings.requireDriverConfirmation,
    requireVehicleScan: settings.requireVehicleScan,
    requireOdometerAtPump: settings.requireOdometerAtPump,
    requireOdometerPhoto: settings.requireOdometerPhoto,
    asciiTexts: settings.asciiTexts,
  };
}

export function toSettingsBody(values: SettingsFormValues) {
  return organizationSettingsBodySchema.parse(values);
}
