import { routes, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { planKeys } from './query-keys';
import { useRefreshingMutation, usePagedQuery } from '@/lib/query-hooks';

export type PlanListQuery = NonNullable<RouteInput<typeof routes.plans.list>['query']>;
type PlanCreateBody = RouteInput<typeof routes.plans.create>['body'];
type PlanUpdateBody = RouteInput<typeof routes.plans.update>['body'];

export function usePlans(query: PlanListQuery) {
  return usePagedQuery(planKeys.list(query), () => callApi(routes.plans.list, { query }));
}

export function useCreatePlan() {
  return useRefreshingMutation((body: PlanCreateBody) => callApi(routes.plans.create, { body }), [planKeys.all]);
}

export function useUpdatePlan() {
  return useRefreshingMutation(
    ({ id, body }: { id: string; body: PlanUpdateBody }) => callApi(routes.plans.update, { params: { id }, body }),
    [planKeys.all],
  );
}
