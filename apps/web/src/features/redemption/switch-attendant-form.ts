/** The shared device's switch form: who takes the device, and their station PIN (the contract's rule). */
import { z } from 'zod';
import { pumpPinSchema } from '@fleetfuel/contract';

const CHOOSE_ATTENDANT = 'Choose who takes the device';

export const switchAttendantFormSchema = z.object({
  attendantId: z.string().min(1, CHOOSE_ATTENDANT),
  pin: pumpPinSchema,
});
export type SwitchAttendantFormValues = z.infer<typeof switchAttendantFormSchema>;
