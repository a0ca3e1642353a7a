import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageLoader } from '@/components/ui/FullPageLoader';
import { useStartupOverview } from '@/lib/analytics-overview';
import { useAuth } from '@/lib/auth';
import { areaModules } from '../route-modules';

const SignInPage = lazy(() => areaModules.auth().then((module) => ({ default: module.SignInPage })));

/**
 * Spec section 2: signed out, every path the router does not give to another public screen shows
 * the sign-in screen. While a stored session is being refreshed, a spinner holds the page.
 */
export function AuthGate() {
  const { isAuthenticated, loading, token, user } = useAuth();
  // Spec section 2: the analytics overview is loaded first, as soon as the session is known.
  useStartupOverview();
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
