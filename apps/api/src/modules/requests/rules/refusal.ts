/** What a rule answers when it refuses: the message the user reads and, when one is to blame, the field. */
import { AppError } from '../../../platform/errors.js';

export interface Refusal {
  message: string;
  field?: string;
  /** A value the form should correct (400) rather than a rule of the business (422, the default). */
  code?: 'VALIDATION_FAILED' | 'RULE_VIOLATION' | 'FROZEN';
}

/** Answers the first refusal, if any, in the spec's error shape. */
export function refuse(...refusals: ReadonlyArray<Refusal | null>): void {
  const refusal = refusals.find((candidate) => candidate !== null);
  if (!refusal) return;
  throw new AppError(refusal.code ?? 'RULE_VIOLATION', refusal.message, refusal.field === undefined ? undefined : { field: refusal.field });
}

/** Only a pending request is decided. */
export function notPending(status: string, decision: 'approved' | 'rejected'): Refusal | null {
  return status === 'PENDING' ? null : { message: `Only a pending request can be ${decision}; this one is ${status}` };
}
