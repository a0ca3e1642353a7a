/**
 * The Schedule Maintenance form and the organization admin's Mark Completed form. Both check their
 * strings with the contract's body schemas; the rules that need context are added here.
 */
import { z } from 'zod';
import { MESSAGES, maintenanceCompleteBodySchema, maintenanceCreateBodySchema } from '@fleetfuel/contract';
import { formatCurrency } from '@/lib/format';

const fieldsSchema = z.object({
  vehicleId: z.string(),
  description: z.string(),
  date: z.string(),
  cost: z.string(),
  stationId: z.string(),
  currentOdometerReading: z.string(),
  currentTankLevel: z.string(),
  note: z.string(),
});

export type MaintenanceFormValues = z.infer<typeof fieldsSchema>;

export function emptyMaintenanceForm(today: string): MaintenanceFormValues {
  return {
    vehicleId: '',
    description: '',
    date: today,
    cost: '',
    stationId: '',
    currentOdometerReading: '0',
    currentTankLevel: '',
    note: '',
  };
}

function draft(values: MaintenanceFormValues) {
  return {
    vehicleId: values.vehicleId,
    description: values.description,
    date: values.date,
    cost: values.cost.trim().replace(/,/g, ''),
    stationId: values.stationId,
    currentOdometerReading: values.currentOdometerReading.trim(),
    currentTankLevel: values.currentTankLevel,
    note: values.note,
  };
}

export function maintenanceFormSchema(today: string) {
  return fieldsSchema.superRefine((values, ctx) => {
    if (values.vehicleId === '') ctx.addIssue({ code: 'custom', path: ['vehicleId'], message: MESSAGES.required });
    if (values.date === '') ctx.addIssue({ code: 'custom', path: ['date'], message: MESSAGES.required });
    const result = maintenanceCreateBodySchema.safeParse(draft(values));
    const reported = new Set<string>();
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? '');
        if ((field === 'vehicleId' || field === 'date') && values[field] === '') continue;
        if (reported.has(field)) continue;
        reported.add(field);
        ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
    }
    if (values.date !== '' && !reported.has('date') && values.date < today) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'The maintenance date must be today or later' });
    }
  });
}

export function toMaintenanceBody(values: MaintenanceFormValues) {
  return maintenanceCreateBodySchema.parse(draft(values));
}

/** Mark Completed: an optional final cost, not above the approved one (empty keeps the approved cost). */
export function completionFormSchema(approvedCost: number) {
  return z.object({ finalCost: z.string() }).superRefine(({ finalCost }, ctx) => {
    const text = finalCost.trim().replace(/,/g, '');
    if (text === '') return;
    const result = maintenanceCompleteBodySchema.safeParse({ finalCost: text });
    if (!result.success) {
      ctx.addIssue({ code: 'custom', path: ['finalCost'], message: result.error.issues[0]?.message ?? MESSAGES.invalidAmount });
      return;
    }
    if (Number(text) > approvedCost) {
      ctx.addIssue({
        code: 'custom',
        path: ['finalCost'],
        message: `The final cost cannot exceed the approved ${formatCurrency(approvedCost)}`,
      });
    }
  });
}

/** The final cost to send: null keeps the approved cost. */
export function finalCostOf(text: string): number | null {
  const clean = text.trim().replace(/,/g, '');
  return clean === '' ? null : Number(clean);
}
