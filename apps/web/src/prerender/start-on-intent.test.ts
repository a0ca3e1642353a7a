/**
 * On the prerendered sign-in screen the app starts at the visitor's first intent, once; anywhere
 * else at once (issue 16: the sign-in page runs no app code until it is used).
 */
import { describe, expect, it, vi } from 'vitest';
import { INTENT_EVENTS, startOnIntent } from './start-on-intent';

describe('startOnIntent', () => {
  it('starts at once where the prerendered screen is not on the page', () => {
    const start = vi.fn();
    startOnIntent(false, start, new EventTarget());
    expect(start).toHaveBeenCalledTimes(1);
  });

  it.each(INTENT_EVENTS)('on the prerendered screen, starts at the first %s, and only once', (type) => {
    const page = new EventTarget();
    const start = vi.fn();
    startOnIntent(true, start, page);
    expect(start).not.toHaveBeenCalled();
    page.dispatchEvent(new Event(type));
    expect(start).toHaveBeenCalledTimes(1);
    for (const other of INTENT_EVENTS) page.dispatchEvent(new Event(other));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('does not start for what the page does by itself (loading, scrolling into place, the pointer resting)', () => {
    const page = new EventTarget();
    const start = vi.fn();
    startOnIntent(true, start, page);
    for (const type of ['load', 'DOMContentLoaded', 'scroll', 'resize', 'visibilitychange']) page.dispatchEvent(new Event(type));
    expect(start).not.toHaveBeenCalled();
  });
});
