/**
 * The app's side of the prerendered Dashboard (issue 16: the Dashboard's largest paint).
 *
 * For a stored fleet manager's session opening `/`, index.html draws the signed-in frame and the
 * Dashboard's stat cards, rendered at build time (dashboard-screen.tsx), and writes the figures into
 * them from the overview reply that the page itself asked for (dashboard-fill.ts), seconds before a
 * phone on a slow network has downloaded and run the app. That screen is an overlay outside #root
 * (React's first render clears #root), `inert` and hidden from assistive technology: #root's own
 * screen, the session loader, is what is announced until React's Dashboard is there.
 *
 * It must leave exactly when React has something else to show, in the same frame, so nothing flashes:
 *   - React's loaders *hold* it: the session loader, the full-page loader of a chunk or page being
 *     downloaded, the Dashboard's own spinner (`useHoldsPrerenderedDashboard`);
 *   - any commit that leaves no holder mounted removes it, before the browser paints: the
 *     Dashboard with its figures, and equally the sign-in screen (a refused token), another role's
 *     landing page, an error. That is looked at after a holder unmounts and once at the app's first
 *     commit (`useReleasesUnheldPrerenderedDashboard`), each in a microtask: after the whole commit,
 *     in which another holder may have mounted, and before the paint.
 */
import { useLayoutEffect } from 'react';
import { PRERENDERED_DASHBOARD_ID } from './dashboard-fill';

/** How many mounted loaders hold the overlay. */
let holders = 0;

/** Removes the overlay unless a loader holds it. */
function releaseUnheldPrerenderedDashboard(doc: Document = document): void {
  if (holders === 0) doc.getElementById(PRERENDERED_DASHBOARD_ID)?.remove();
}

function releaseAfterCommit(): void {
  queueMicrotask(() => releaseUnheldPrerenderedDashboard());
}

/** A loader's hook: the prerendered Dashboard stays while the loader is on screen. */
export function useHoldsPrerenderedDashboard(): void {
  useLayoutEffect(() => {
    holders += 1;
    return () => {
      holders -= 1;
      releaseAfterCommit();
    };
  }, []);
}

/** The app's root: its first commit removes the overlay when no loader is in it. */
export function useReleasesUnheldPrerenderedDashboard(): void {
  useLayoutEffect(releaseAfterCommit, []);
}
