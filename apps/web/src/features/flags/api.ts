/** Calls of the review queue (issue 44): the flags in the caller's scope, and a manager's verdict on one. */
import { routes, type FlagReviewBody, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { flagKeys } from './query-keys';
import { useRefreshingMutation, usePagedQuery } from '@/lib/query-hooks';

export type FlagListQuery = NonNullable<RouteInput<typeof routes.flags.list>['query']>;

export function useFlags(query: FlagListQuery) {
  return usePagedQuery(flagKeys.list(query), () => callApi(routes.flags.list, { query }));
}

export function useReviewFlag() {
  return useRefreshingMutation(
    ({ id, body }: { id: string; body: FlagReviewBody }) => callApi(routes.flags.review, { params: { id }, body }),
    flagKeys.afterReview,
  );
}
