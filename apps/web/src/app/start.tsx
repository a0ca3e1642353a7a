import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createAppRouter, whenRouterReady } from './router';
import { readToken } from '@/lib/auth/session-storage';
import { areaModules } from './route-modules';
import { preloadSignInPage } from './shell/AuthGate';

/**
 * Starts the app in #root. `replacingSignIn`: index.html shows the prerendered sign-in screen, which
 * React replaces only once the router and the sign-in page are ready, so the first thing it draws is
 * that same form, not a spinner.
 */
export async function startApp(container: HTMLElement, replacingSignIn: boolean): Promise<void> {
  // A stored session: the signed-in frame downloads beside the app's start instead of once the
  // session is refreshed (AuthGate asks again then, which a failed download here leaves to report).
  if (readToken() !== null) areaModules.shell().catch(() => undefined);
  const router = createAppRouter();
  const root = createRoot(container);
  if (replacingSignIn) await Promise.all([whenRouterReady(router), preloadSignInPage().catch(() => undefined)]);
  // A transition: React renders in slices and yields to the browser between them, so the phone stays
  // responsive (typing into the prerendered form) while the first screen is built.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}
