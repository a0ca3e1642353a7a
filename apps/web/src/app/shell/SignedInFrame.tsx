import type { ReactNode } from 'react';
import { useStartupOverview } from '@/lib/analytics-overview';
import { QueryLayer } from '@/lib/query-layer';
import { AppLayout } from './AppLayout';

export { signedInPages } from './signed-in-pages';

/** Spec section 2: the analytics overview is loaded first, as soon as the session is known. */
function StartupOverview({ children }: { children: ReactNode }) {
  useStartupOverview();
  return children;
}

/**
 * Everything a signed-in user has around the pages, loaded only once someone is signed in (AuthGate):
 * TanStack Query and its cache (one per sign-in, dropped at sign-out), the first analytics call,
 * and the frame of header and navigation.
 */
export function SignedInFrame() {
  return (
    <QueryLayer>
      <StartupOverview>
        <AppLayout />
      </StartupOverview>
    </QueryLayer>
  );
}
