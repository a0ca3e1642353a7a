/**
 * A shared station device (issue 42): attendants take turns on one phone at the pump, each switching
 * to their own session with a personal station PIN instead of a full sign-in.
 */
import { z } from 'zod';
import { idSchema } from './common.js';
import { pumpPinSchema } from './identity.js';
import { MESSAGES } from './messages.js';

/** Wrong PINs in a row that lock an attendant's switching, and for how long. */
export const STATION_PIN_LOCK = { tries: 5, lockMinutes: 15 } as const;

/** `PUT /account/station-pin`: the caller's own station PIN (4 to 6 digits), proven by its current password. */
export const stationPinBodySchema = z.strictObject({
  pin: pumpPinSchema,
  currentPassword: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
});

export const deviceAttendantSchema = z.object({ id: idSchema, name: z.string(), hasPin: z.boolean() });
export type DeviceAttendant = z.infer<typeof deviceAttendantSchema>;
export const deviceAttendantsReplySchema = z.object({ attendants: z.array(deviceAttendantSchema) });

/** `POST /station/switch-attendant`: who takes the device, and their station PIN. */
export const switchAttendantBodySchema = z.strictObject({
  attendantId: idSchema,
  pin: pumpPinSchema,
});
