import { RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders';
import type { AppRouter } from './router';

export function App({ router }: { router: AppRouter }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
