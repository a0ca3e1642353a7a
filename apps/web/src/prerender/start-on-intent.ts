/**
 * When the app's code runs on the prerendered sign-in screen (issue 16). The screen is complete
 * HTML (sign-in-screen.tsx): a visitor can read it and type into it before any script. Evaluating
 * React, the router and the sign-in page and rendering them took ~400 ms of a phone's main thread
 * right after the first paint, for a form that looked the same before. So there the app starts at
 * the visitor's first sign of intent (a pointer or touch on the page, a key, the focus entering a
 * field, the pointer moving on a desktop), and what was typed meanwhile carries over
 * (prerendered-sign-in.ts). Everywhere else (a stored session, another public screen: the inline
 * script removed the markup) it starts at once.
 */

/** Events that mean the visitor is about to use the page. */
export const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;

/** Runs `start` now, or, with the prerendered screen on the page, once at the first intent event. */
export function startOnIntent(
  prerendered: boolean,
  start: () => void,
  target: Pick<Document, 'addEventListener' | 'removeEventListener'> = document,
): void {
  if (!prerendered) {
    start();
    return;
  }
  const once = () => {
    for (const type of INTENT_EVENTS) target.removeEventListener(type, once, { capture: true });
    start();
  };
  for (const type of INTENT_EVENTS) target.addEventListener(type, once, { capture: true, passive: true });
}
