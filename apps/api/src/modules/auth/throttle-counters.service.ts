/**
 * The throttle counters (the `throttles` table) for modules other than sign-in: a quota of calls
 * per window, and attempts at a secret that wait longer after each run of wrong ones (the rules of
 * throttle.ts, counted in the database so that every API instance sees the same counts).
 */
import type { Database } from '../../platform/db/database.js';
import * as repository from './auth.repository.js';
import { countAttempt, countRequest, type DelayRule, type QuotaRule } from './throttle.js';

export type { DelayRule } from './throttle.js';

export function createThrottleCounters(db: Database) {
  return {
    /** Counts one call against `key`'s quota; whether it is within it. */
    async admit(key: string, rule: QuotaRule, now: Date): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const counted = countRequest((await repository.lockThrottles(trx, [key], now)).get(key), now, rule);
        await repository.saveThrottle(trx, key, counted.next);
        return counted.allowed;
      });
    },

    /**
     * Counts an attempt at a secret as a failure before it is checked (`forgive` clears the count
     * when it was right): `refusedUntil` while attempts are refused (nothing is counted then),
     * otherwise null with `blockedUntil`, the wait that starts should this attempt be wrong.
     */
    async attempt(key: string, rule: DelayRule, now: Date): Promise<{ refusedUntil: Date | null; blockedUntil: Date | null }> {
      return db.transaction().execute(async (trx) => {
        const step = countAttempt((await repository.lockThrottles(trx, [key], now)).get(key), now, rule);
        if (step.refusedUntil) return { refusedUntil: step.refusedUntil, blockedUntil: step.refusedUntil };
        await repository.saveThrottle(trx, key, step.next);
        return { refusedUntil: null, blockedUntil: step.next.blockedUntil };
      });
    },

    forgive: (key: string): Promise<void> => repository.deleteThrottle(db, key),
  };
}

export type ThrottleCounters = ReturnType<typeof createThrottleCounters>;
