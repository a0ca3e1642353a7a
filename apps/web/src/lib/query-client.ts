import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ANALYTICS_KEY } from './analytics-overview';
import { ApiError } from './api-client';
import { notifyError } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { silentError?: boolean };
    queryMeta: { silentError?: boolean };
  }
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx answer will not change on a second try; a dropped connection or a 5xx might.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silentError) notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silentError) notifyError(error);
      },
      // Any change of data may move the figures of the Dashboard and Analytics: read them afresh when next shown.
      onSuccess: () => {
        void client.invalidateQueries({ queryKey: ANALYTICS_KEY });
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}
