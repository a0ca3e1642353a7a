import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './query-client';

/**
 * TanStack Query for the screens that use it: the signed-in frame and the password-reset screens.
 * It is not on the sign-in page (issue 16: the sign-in page loads no library it does not use).
 * Each mount has its own cache, so a sign-out (which unmounts the signed-in frame) drops the cached
 * data of the person who left: the next person on this tab starts from an empty cache.
 */
export function QueryLayer({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
