import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff.js';

describe('retryDelayMs', () => {
  it('waits the first delay after one failure and doubles it after each further one', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 30_000, 3_600_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
  });

  it('never waits longer than the longest delay', () => {
    expect(retryDelayMs(20, 30_000, 3_600_000)).toBe(3_600_000);
  });

  it('treats no failure yet like the first', () => {
    expect(retryDelayMs(0, 30_000, 3_600_000)).toBe(30_000);
  });
});
