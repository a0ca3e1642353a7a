import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { AuthProvider, useAuth } from '@/lib/auth';
import { loadToastify, subscribeToToastRequests, toastsRequested } from '@/lib/toast';
import { cssVariablesResolver, theme } from '@/lib/theme';

const Toasts = lazy(() => import('./Toasts').then((module) => module.loadToasts()));

/**
 * Mounts the toast container once toasts are asked for: on the first toast (every screen raises
 * toasts through `lib/toast`, which loads react-toastify then), or once someone is signed in. It
 * stays mounted after a sign-out, so that a toast raised then is still seen.
 */
function ToastHost() {
  const { isAuthenticated } = useAuth();
  const requested = useSyncExternalStore(subscribeToToastRequests, toastsRequested);
  useEffect(() => {
    if (!isAuthenticated) return;
    // Once the first signed-in screen is drawn and the browser is idle (within 2 s): asked for with
    // that screen, the library's download and start-up competed with it on a phone (issue 16). A
    // toast raised meanwhile waits in react-toastify's queue until the container mounts.
    const load = () => void loadToastify().catch(() => undefined);
    // Where the browser has no idle callback, the next task: after this commit at least.
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(load, 0);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(load, { timeout: 2000 });
    return () => cancelIdleCallback(idle);
  }, [isAuthenticated]);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

/**
 * What every screen needs. TanStack Query is not here: it comes with the screens that use it
 * (`QueryLayer`), so that the sign-in page does not download it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      // The theme's CSS variables and Mantine's global classes are fixed, so the build writes them
      // into index.html's head (build-plugins/prerender.ts): computed here, every shade of every
      // colour and each text colour's contrast, they cost a phone's main thread ~120 ms at start
      // (issue 16). The development server serves index.html as written: there the provider adds them.
      withCssVariables={import.meta.env.DEV}
      withGlobalClasses={import.meta.env.DEV}
    >
      <AuthProvider>
        {children}
        <ToastHost />
      </AuthProvider>
    </MantineProvider>
  );
}
