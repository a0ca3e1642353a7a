import { routes, type RouteInput, type UserCreateBody, type UserUpdateBody } from '@fleetfuel/contract';
import { callApi } from '@/lib/api-client';
import { userKeys } from './query-keys';
import { useRefreshingMutation, usePagedQuery, useChoicesQuery } from '@/lib/query-hooks';

export type UserListQuery = NonNullable<RouteInput<typeof routes.users.list>['query']>;

export function useUsers(query: UserListQuery) {
  return usePagedQuery(userKeys.list(query), () => callApi(routes.users.list, { query }));
}

/** The account form's choice lists; one page of 100 covers the form's needs until it gets a search. */
const OPTIONS_PAGE = { page: 1, pageSize: 100 } as const;

export function useFuelStationOptions(enabled: boolean) {
  return useChoicesQuery(userKeys.stationOptions, () => callApi(routes.fuelStations.list, { query: OPTIONS_PAGE }), enabled);
}

export function useCreateUser() {
  return useRefreshingMutation((body: UserCreateBody) => callApi(routes.users.create, { body }), [userKeys.all]);
}

export function useUpdateUser() {
  return useRefreshingMutation(
    ({ id, body }: { id: string; body: UserUpdateBody }) => callApi(routes.users.update, { params: { id }, body }),
    [userKeys.all],
  );
}

export function useDeleteUser() {
  return useRefreshingMutation((id: string) => callApi(routes.users.remove, { params: { id } }), [userKeys.all]);
}

/** Clears a station attendant's forgotten station PIN (the shared device's list shows them without one). */
export function useClearStationPin() {
  return useRefreshingMutation((id: string) => callApi(routes.users.clearStationPin, { params: { id } }), [userKeys.all]);
}
