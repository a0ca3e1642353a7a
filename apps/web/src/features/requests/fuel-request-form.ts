/**
 * The Generate Coupon form (spec sections 2 and 5). Its fields are the strings inputs hold; the
 * contract's own body schema validates them, so the form accepts nothing the API would refuse for
 * its shape, and the rules that need context (today's date, the vehicle's tank) are added here.
 */
import { z } from 'zod';
import { MESSAGES, TANK_LEVELS, fuelRequestCreateBodySchema, tankLevelLabel } from '@fleetfuel/contract';
import { formatVolume } from '@/lib/format';

const fieldsSchema = z.object({
  vehicleId: z.string(),
  stationId: z.string(),
  supplyDate: z.string(),
  volume: z.string(),
  currentOdometer: z.string(),
  currentTankLevel: z.string(),
  note: z.string(),
});

export type FuelRequestFormValues = z.infer<typeof fieldsSchema>;

export interface FuelRequestFormContext {
  /** Today in Nigeria (YYYY-MM-DD): the earliest supply date. */
  today: string;
  /** The chosen vehicle's tank, when recorded: the most that can be requested. */
  tankSize: number | null;
  /** The unit of the chosen vehicle's fuel. */
  unit: string;
}

/** Spec section 5: Empty, 1/10 … 7/10 (values 0, 10 … 70). */
export const TANK_LEVEL_OPTIONS = TANK_LEVELS.map((level) => ({ value: String(level), label: tankLevelLabel(level) }));

export function emptyFuelRequestForm(today: string, vehicleId = ''): FuelRequestFormValues {
  return {
    vehicleId,
    stationId: '',
    supplyDate: today,
    volume: '',
    // Spec section 5: the odometer is optional and defaults to 0 (0 = no reading).
    currentOdometer: '0',
    currentTankLevel: '',
    note: '',
  };
}

function draft(values: FuelRequestFormValues) {
  return {
    vehicleId: values.vehicleId,
    stationId: values.stationId,
    supplyDate: values.supplyDate,
    volume: values.volume.trim(),
    currentOdometer: values.currentOdometer.trim(),
    currentTankLevel: values.currentTankLevel,
    note: values.note,
  };
}

export function fuelRequestFormSchema(context: FuelRequestFormContext) {
  return fieldsSchema.superRefine((values, ctx) => {
    const required = (field: keyof FuelRequestFormValues) => {
      if (values[field].trim() === '') ctx.addIssue({ code: 'custom', path: [field], message: MESSAGES.required });
    };
    required('vehicleId');
    required('stationId');
    required('supplyDate');

    const result = fuelRequestCreateBodySchema.safeParse(draft(values));
    const reported = new Set<string>();
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? '');
        // The checks above already speak for an empty choice.
        if ((field === 'vehicleId' || field === 'stationId' || field === 'supplyDate') && values[field] === '') continue;
        if (reported.has(field)) continue;
        reported.add(field);
        ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
    }

    if (values.supplyDate !== '' && !reported.has('supplyDate') && values.supplyDate < context.today) {
      ctx.addIssue({ code: 'custom', path: ['supplyDate'], message: 'The supply date must be today or later' });
    }
    const volume = Number(values.volume);
    if (!reported.has('volume') && context.tankSize !== null && Number.isFinite(volume) && volume > context.tankSize) {
      ctx.addIssue({
        code: 'custom',
        path: ['volume'],
        message: `The tank holds ${formatVolume(context.tankSize, context.unit)}; request at most that`,
      });
    }
  });
}

/** The request body, once the form is valid. */
export function toFuelRequestBody(values: FuelRequestFormValues) {
  return fuelRequestCreateBodySchema.parse(draft(values));
}
