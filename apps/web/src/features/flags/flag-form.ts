/**
 * The review form of a flag: a verdict, a note (required) and, for a confirmed fraud only, the
 * naira recovered, at most what the fill paid. The values are strings as the inputs hold them.
 */
import { z } from 'zod';
import { FLAG_VERDICTS, MESSAGES, nairaSchema, requiredText, type FlagReviewBody, type ReviewFlag } from '@fleetfuel/contract';
import { formatCurrency } from '@/lib/format';
import { isOneOf } from './flag-labels';

export interface FlagReviewValues {
  status: string;
  note: string;
  /** Naira, as typed; only read for a confirmed fraud. */
  recoveredAmount: string;
}

/** "1,500.50" → 1500.5; null when it is not a plain number. */
function parseNaira(text: string): number | null {
  const plain = text.replace(/[,\s₦]/g, '');
  return /^\d+(\.\d+)?$/.test(plain) ? Number(plain) : null;
}

/** The form's rules; the amount paid for the fill bounds the naira recovered. */
export function flagReviewSchema(paid: number | null) {
  return z
    .object({
      status: z.string().refine((value) => isOneOf(FLAG_VERDICTS, value), 'Choose a verdict'),
      note: requiredText(500),
      recoveredAmount: z.string(),
    })
    .superRefine((values, ctx) => {
      if (values.status !== 'CONFIRMED_FRAUD' || values.recoveredAmount.trim() === '') return;
      const amount = parseNaira(values.recoveredAmount);
      if (amount === null || !nairaSchema.safeParse(amount).success) {
        ctx.addIssue({ code: 'custom', path: ['recoveredAmount'], message: MESSAGES.invalidAmount });
      } else if (amount > (paid ?? 0)) {
        ctx.addIssue({
          code: 'custom',
          path: ['recoveredAmount'],
          message: paid ? `Cannot be more than the ${formatCurrency(paid)} paid for this fill` : 'Nothing was paid for this fill',
        });
      }
    });
}

/** A flag judged before opens its form on that verdict; an open one on none. */
export function flagToReviewForm(flag: ReviewFlag): FlagReviewValues {
  return {
    status: flag.status === 'OPEN' ? '' : flag.status,
    note: flag.note ?? '',
    recoveredAmount: flag.recoveredAmount === null ? '' : String(flag.recoveredAmount),
  };
}

/** The PATCH body: the naira recovered goes only with a confirmed fraud, and only when given. */
export function toReviewBody(values: FlagReviewValues): FlagReviewBody {
  const status = FLAG_VERDICTS.find((verdict) => verdict === values.status) ?? 'LEGITIMATE';
  const amount = status === 'CONFIRMED_FRAUD' ? parseNaira(values.recoveredAmount) : null;
  return { status, note: values.note.trim(), ...(amount === null ? {} : { recoveredAmount: amount }) };
}
