/**
 * The driver's confirmation at the pump (issue 13): one box takes the driver's PIN (4 to 6 digits)
 * or the one-time code texted to the driver (6 digits). The API checks either field against both,
 * so the field only says what the attendant most likely holds: the code once one was sent.
 */
import { CONFIRMATION_CODE_LENGTH, pumpPinSchema } from '@fleetfuel/contract';

const CONFIRMATION_MISSING = "Enter the driver's PIN or the one-time code";

/** What is wrong with the typed confirmation, or null when it can be sent. */
export function confirmationProblem(value: string): string | null {
  const typed = value.trim();
  if (typed === '') return CONFIRMATION_MISSING;
  return pumpPinSchema.safeParse(typed).success ? null : 'A PIN has 4 to 6 digits; a one-time code has 6';
}

/** The body fields of the typed confirmation. */
export function confirmationFields(value: string, codeSent: boolean): { driverPin: string } | { confirmationCode: string } {
  const typed = value.trim();
  return codeSent && typed.length === CONFIRMATION_CODE_LENGTH ? { confirmationCode: typed } : { driverPin: typed };
}
