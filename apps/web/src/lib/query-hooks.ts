/** The two shapes most calls of the API take in a feature's hooks. */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { invalidateKeys } from './query-keys';

/**
 * A page of a list: the page shown stays in view (dimmed by DataTable) while the next page, search
 * or filter loads, instead of the table emptying on each change.
 */
export function usePagedQuery<Reply>(queryKey: QueryKey, queryFn: () => Promise<Reply>, options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey, queryFn, placeholderData: keepPreviousData, ...options });
}

/**
 * A write that marks stale, once it succeeds, every cached query under the keys it changes (a
 * registry's `all`, or the `afterWrite` list of what shows its records); `mutateAsync` resolves
 * once they are refetched.
 */
export function useRefreshingMutation<Variables, Reply>(
  mutationFn: (variables: Variables) => Promise<Reply>,
  refresh: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateKeys(queryClient, refresh) });
}

/** How long a form's choice list is kept before it is asked for again: choices change seldom. */
const CHOICES_STALE_MS = 60_000;

/** A form's choice list (stations, groups, plans…), asked for only while the form needs it (`enabled`). */
export function useChoicesQuery<Reply>(queryKey: QueryKey, queryFn: () => Promise<Reply>, enabled: boolean) {
  return useQuery({ queryKey, queryFn, enabled, staleTime: CHOICES_STALE_MS });
}
