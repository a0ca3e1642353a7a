/**
 * The confirmation step of a redemption: the volume dispensed (at most the approved volume) and an
 * optional odometer for fuel; the final cost (at most the approved cost) for a maintenance job.
 * The contract's completion schemas check the shape; the bounds come from the previewed request.
 */
import { z } from 'zod';
import { MESSAGES, fuelCompleteBodySchema, maintenanceCompleteBodySchema } from '@fleetfuel/contract';
import { formatCurrency, formatVolume } from '@/lib/format';
import type { CouponInput } from './coupon-input';

export interface FuelRedeemValues {
  dispensedVolume: string;
  odometer: string;
}

/** What the form says when the organization requires the reading and none is typed (the server's words). */
const ODOMETER_REQUIRED = "Type the vehicle's odometer reading: this organization requires it at the pump";

export function fuelRedeemSchema(approved: { volume: number; unit: string; odometerRequired?: boolean }) {
  return z.object({ dispensedVolume: z.string(), odometer: z.string() }).superRefine((values, ctx) => {
    // Any coupon satisfies the schema's code-or-QR rule; the real one is added on submit.
    const result = fuelCompleteBodySchema.safeParse({ code: 'CHECK', ...draftFuel(values) });
    const reported = new Set<string>();
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (reported.has(field) || (field !== 'dispensedVolume' && field !== 'odometer')) continue;
        reported.add(field);
        ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
    }
    if (approved.odometerRequired && !reported.has('odometer') && values.odometer.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['odometer'], message: ODOMETER_REQUIRED });
    }
    const volume = Number(values.dispensedVolume);
    if (!reported.has('dispensedVolume') && Number.isFinite(volume) && volume > approved.volume) {
      ctx.addIssue({
        code: 'custom',
        path: ['dispensedVolume'],
        message: `At most ${formatVolume(approved.volume, approved.unit)} may be dispensed on this coupon`,
      });
    }
  });
}

function draftFuel(values: FuelRedeemValues) {
  return {
    dispensedVolume: values.dispensedVolume.trim(),
    ...(values.odometer.trim() === '' ? {} : { odometer: values.odometer.trim() }),
  };
}

export function toFuelCompleteBody(coupon: CouponInput, values: FuelRedeemValues) {
  return fuelCompleteBodySchema.parse({ ...coupon, ...draftFuel(values) });
}

export interface JobRedeemValues {
  finalCost: string;
}

function cleanAmount(text: string): string {
  return text.trim().replace(/,/g, '');
}

export function jobRedeemSchema(approvedCost: number) {
  return z.object({ finalCost: z.string() }).superRefine(({ finalCost }, ctx) => {
    const text = cleanAmount(finalCost);
    if (text === '') {
      ctx.addIssue({ code: 'custom', path: ['finalCost'], message: MESSAGES.invalidAmount });
      return;
    }
    const result = maintenanceCompleteBodySchema.safeParse({ code: 'CHECK', finalCost: text });
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

export function toJobCompleteBody(coupon: CouponInput, values: JobRedeemValues) {
  return maintenanceCompleteBodySchema.parse({ ...coupon, finalCost: cleanAmount(values.finalCost) });
}

/**
 * Naira a fill costs at the coupon's price, as the server reckons it (modules/requests/format.ts
 * `costOf`): the volume to the centilitre times the price in kobo, rounded to the nearest kobo.
 */
export function fillAmount(volume: number, pricePerUnit: number): number {
  const centilitres = Math.round(volume * 100);
  const priceKobo = Math.round(pricePerUnit * 100);
  return Math.floor((centilitres * priceKobo + 50) / 100) / 100;
}
