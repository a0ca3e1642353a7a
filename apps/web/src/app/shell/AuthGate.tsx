import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Outlet } from 'react-router';
import { FullPageLoader } from '@/components/ui/FullPageLoader';
import { SessionLoader } from '@/components/ui/SessionLoader';
import { useAuth } from '@/lib/auth';
import { areaModules } from '../route-modules';

const LazySignInPage = lazy(() => areaModules.signIn().then((module) => ({ default: module.SignInPage })));
/** Set once the sign-in page's module is loaded: rendered directly, it does not suspend. */
let LoadedSignInPage: ComponentType | null = null;

/**
 * Loads the sign-in page ahead of the first render (main.tsx, when index.html already shows the
 * prerendered form): a lazy component suspends on its first render even when its module is there,
 * and the Suspense fallback (a spinner) would flash between the prerendered form and React's.
 */
export async function preloadSignInPage(): Promise<void> {
  LoadedSignInPage = (await areaModules.signIn()).SignInPage;
}

/**
 * Spec section 2: signed out, every path the router does not give to another public screen shows
 * the sign-in screen. While a stored session is being refreshed, a spinner holds the page (under the
 * product's name, as index.html draws it before the app has run).
 */
export function AuthGate() {
  const { isAuthenticated, loading, token, user } = useAuth();
  const hasToken = token !== null;
  // The signed-in frame (which starts the analytics overview, spec section 2) downloads while a
  // stored session is checked, rather than after.
  useEffect(() => {
    // A failed download is retried when the frame is rendered, which reports its own error.
    if (hasToken) areaModules.shell().catch(() => undefined);
  }, [hasToken]);
  // A stored token without its user yet means the session is being restored; sign-in keeps its form.
  if (loading && token !== null && user === null) return <SessionLoader />;
  if (!isAuthenticated) {
    const SignInPage = LoadedSignInPage ?? LazySignInPage;
    return (
      <Suspense fallback={<FullPageLoader />}>
        <SignInPage />
      </Suspense>
    );
  }
  return <Outlet />;
}
