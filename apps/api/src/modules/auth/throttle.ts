/**
 * The throttle rules, as pure functions of a counter's state and the time: the service loads and
 * saves the state (in the database, so that every API instance sees the same counts).
 *
 * Sign-in uses a growing delay rather than a lock: a lock after five failures would let anyone who
 * knows an e-mail address keep its owner out indefinitely. After `maxFailures` failures in a row,
 * each attempt must wait `firstDelayMs`, then twice that… up to `maxDelayMs`, which caps how long an
 * attacker can hold an account up and still makes guessing slow (one guess per `maxDelayMs`).
 */

export interface ThrottleState {
  hits: number;
  firstHitAt: Date;
  lastHitAt: Date;
  blockedUntil: Date | null;
}

export interface DelayRule {
  maxFailures: number;
  /** A run of failures ends after this long without any (counted from the end of its delay). */
  quietMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export interface QuotaRule {
  limit: number;
  windowMs: number;
}

export type ThrottleStep = { refusedUntil: Date } | { refusedUntil: null; next: ThrottleState };

/**
 * One sign-in attempt against a counter. It is counted as a failure before the password is checked
 * (and forgiven by `forgiveFailure` when it was right), so that attempts running at the same time
 * cannot all slip in before any of them is counted.
 */
export function countAttempt(state: ThrottleState | undefined, now: Date, rule: DelayRule): ThrottleStep {
  if (state?.blockedUntil && state.blockedUntil > now) return { refusedUntil: state.blockedUntil };
  const hits = state && !runIsOver(state, now, rule) ? state.hits + 1 : 1;
  return {
    refusedUntil: null,
    next: {
      hits,
      firstHitAt: hits === 1 || !state ? now : state.firstHitAt,
      lastHitAt: now,
      blockedUntil: hits >= rule.maxFailures ? new Date(now.getTime() + delayMs(hits, rule)) : null,
    },
  };
}

/** Takes back an attempt counted by `countAttempt` that turned out to be right. */
export function forgiveFailure(state: ThrottleState, rule: DelayRule): ThrottleState {
  const hits = Math.max(state.hits - 1, 0);
  return { ...state, hits, blockedUntil: hits >= rule.maxFailures ? state.blockedUntil : null };
}

/** One request against a quota of `limit` per fixed window that starts with the first request. */
export function countRequest(state: ThrottleState | undefined, now: Date, rule: QuotaRule): { allowed: boolean; next: ThrottleState } {
  const fresh = !state || state.hits === 0 || now.getTime() - state.firstHitAt.getTime() >= rule.windowMs;
  const hits = fresh ? 1 : state.hits + 1;
  return {
    allowed: hits <= rule.limit,
    next: { hits, firstHitAt: fresh ? now : state.firstHitAt, lastHitAt: now, blockedUntil: null },
  };
}

/** The delay after the `hits`-th failure: doubling from the `maxFailures`-th on, capped. */
function delayMs(hits: number, rule: DelayRule): number {
  return Math.min(rule.firstDelayMs * 2 ** (hits - rule.maxFailures), rule.maxDelayMs);
}

function runIsOver(state: ThrottleState, now: Date, rule: DelayRule): boolean {
  if (state.hits === 0) return true;
  const lastActivity = Math.max(state.lastHitAt.getTime(), state.blockedUntil?.getTime() ?? 0);
  return now.getTime() - lastActivity >= rule.quietMs;
}

/** "3 seconds", "5 minutes": how long to wait, rounded up, in words. */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
