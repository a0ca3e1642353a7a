import { RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders';
import type { AppRouter } from './router';
import { useReleasesUnheldPrerenderedDashboard } from '@/prerender/prerendered-dashboard';

export function App({ router }: { router: AppRouter }) {
  useReleasesUnheldPrerenderedDashboard();
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
