import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type RouteInput } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { planKeys } from './query-keys';

export type PlanListQuery = NonNullable<RouteInput<typeof routes.plans.list>['query']>;
type PlanCreateBody = RouteInput<typeof routes.plans.create>['body'];
type PlanUpdateBody = RouteInput<typeof routes.plans.update>['body'];

export function usePlans(query: PlanListQuery) {
  return useQuery({
    queryKey: planKeys.list(query),
    queryFn: () => callApi(routes.plans.list, { query }),
    placeholderData: keepPreviousData,
  });
}

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanCreateBody) => callApi(routes.plans.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PlanUpdateBody }) => callApi(routes.plans.update, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}
