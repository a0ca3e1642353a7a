import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { FullPageLoader } from '@/components/ui/FullPageLoader';
import { useAuth } from '@/lib/auth';
import { areaModules } from '../route-modules';

const SignInPage = lazy(() => areaModules.signIn().then((module) => ({ default: module.SignInPage })));

/**
 * Spec section 2: signed out, every path the router does not give to another public screen shows
 * the sign-in screen. While a stored session is being refreshed, a spinner holds the page.
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
  if (loading && token !== null && user === null) return <FullPageLoader label="Loading your session" />;
  if (!isAuthenticated) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <SignInPage />
      </Suspense>
    );
  }
  return <Outlet />;
}
