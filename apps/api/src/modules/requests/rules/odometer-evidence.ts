/**
 * Odometer evidence at the pump (issue 42), as pure rules: what an organization that requires a
 * typed reading or a photo refuses without it, and which readings are kept out of efficiency.
 */
import type { RequestFlag } from '@fleetfuel/contract';
import type { Refusal } from './refusal.js';

export interface PumpEvidence {
  requiresReading: boolean;
  requiresPhoto: boolean;
  /** Whether the redeeming station has already sent a photo of the odometer for this request. */
  hasPhoto: boolean;
}

/** Why this redemption lacks the evidence its organization requires, or null. */
export function missingPumpEvidence(evidence: PumpEvidence, reading: number | null): Refusal | null {
  if (evidence.requiresReading && reading === null) {
    return { field: 'odometer', message: "Type the vehicle's odometer reading: this organization requires it at the pump" };
  }
  if (evidence.requiresPhoto && !evidence.hasPhoto) {
    return { field: 'photo', message: 'Take a photo of the odometer first: this organization requires it at the pump' };
  }
  return null;
}

/**
 * Why a fill's reading must not be measured from: a jump further than the vehicle could have driven
 * is accepted (the pump is no place to argue about it) but flagged, and left out of efficiency and of
 * the vehicle's last reading, so that one mistyped digit does not spoil every later fill.
 */
export function odometerExclusion(flags: readonly RequestFlag[]): string | null {
  const jump = flags.find((flag) => flag.code === 'ODOMETER_JUMP');
  return jump ? `${jump.message}; left out of efficiency` : null;
}
