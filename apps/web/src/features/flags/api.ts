/** Calls of the review queue (issue 44): the flags in the caller's scope, and a manager's verdict on one. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type FlagReviewBody, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { invalidateKeys } from '@/lib/query-keys';
import { flagKeys } from './query-keys';

export type FlagListQuery = NonNullable<RouteInput<typeof routes.flags.list>['query']>;

export function useFlags(query: FlagListQuery) {
  return useQuery({
    queryKey: flagKeys.list(query),
    queryFn: () => callApi(routes.flags.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useReviewFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: FlagReviewBody }) => callApi(routes.flags.review, { params: { id }, body }),
    onSuccess: () => invalidateKeys(queryClient, flagKeys.afterReview),
  });
}
