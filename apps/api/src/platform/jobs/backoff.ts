/**
 * The wait before the next try of an outbox's row (webhook deliveries, e-mails and texts) after
 * `attempts` failed ones: `firstMs`, then doubling each time, at most `longestMs`.
 */
export function retryDelayMs(attempts: number, firstMs: number, longestMs: number): number {
  return Math.min(firstMs * 2 ** Math.max(0, attempts - 1), longestMs);
}
