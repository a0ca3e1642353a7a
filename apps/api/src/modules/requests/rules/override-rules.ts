/**
 * What the pump does with a fill that breaks a SOFT fuel policy (issue 44), given the request's
 * latest override: go on under an approval (still valid, for no more litres than it covers), wait
 * for the one pending, stop after a decline of as many litres, or ask a manager anew.
 */
import { formatNumber } from '../../../platform/number-format.js';

export interface LatestOverride {
  id: string;
  status: 'PENDING' | 'APPROVED' | 'DECLINED' | 'USED' | 'EXPIRED' | 'CANCELLED';
  dispensedVolume: number;
  expiresAt: Date | null;
  note: string | null;
  decidedBy: string | null;
}

export type PumpOverride =
  | { kind: 'PROCEED'; overrideId: string; approvedBy: string }
  | { kind: 'WAIT'; overrideId: string }
  | { kind: 'DECLINED'; message: string }
  /** `closes`: an approval that no longer covers this fill, closed before a new one is asked. */
  | { kind: 'ASK'; closes: string | null };

export function pumpOverride(latest: LatestOverride | null, dispensed: number, now: Date): PumpOverride {
  if (latest === null) return { kind: 'ASK', closes: null };
  switch (latest.status) {
    case 'PENDING':
      return { kind: 'WAIT', overrideId: latest.id };
    case 'APPROVED': {
      const valid = latest.expiresAt !== null && latest.expiresAt > now;
      if (valid && dispensed <= latest.dispensedVolume) {
        return { kind: 'PROCEED', overrideId: latest.id, approvedBy: latest.decidedBy ?? 'a manager' };
      }
      return { kind: 'ASK', closes: latest.id };
    }
    case 'DECLINED':
      // Less than was declined may be asked again; as much or more was already refused.
      if (dispensed < latest.dispensedVolume) return { kind: 'ASK', closes: null };
      return {
        kind: 'DECLINED',
        message: `A manager declined ${formatNumber(latest.dispensedVolume, 2)} L for this coupon${latest.note ? ` (${latest.note})` : ''}; dispense within the fuel policy, or less than that to ask again`,
      };
    // Spent, lapsed, or the attendant stopped waiting: trying again asks a manager afresh.
    case 'USED':
    case 'EXPIRED':
    case 'CANCELLED':
      return { kind: 'ASK', closes: null };
  }
}
