import { RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders';
import type { AppRouter } from './router';
import { RouteTreeContext } from './route-tree';
import { useReleasesUnheldPrerenderedDashboard } from '@/prerender/prerendered-dashboard';

export function App({ router }: { router: AppRouter }) {
  useReleasesUnheldPrerenderedDashboard();
  return (
    <AppProviders>
      <RouteTreeContext value={router.routes}>
        <RouterProvider router={router} />
      </RouteTreeContext>
    </AppProviders>
  );
}
