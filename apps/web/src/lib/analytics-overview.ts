/**
 * The analytics overview (GET /analytics/overview): one query shared by the Dashboard and the
 * Analytics page. Spec section 2: the application loads it first, so the signed-in frame starts it
 * as soon as the session is known, under the same key the Dashboard reads.
 */
import { useEffect } from 'react';
import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Role } from '@fleetfuel/contract';
// The analytics routes alone: AuthGate, on the sign-in page too, imports this module.
import { analyticsRoutes } from '@fleetfuel/contract/routes/analytics.routes';
import { callApi } from './api-client';
import { useAuth } from './auth';
import { resourceKeys } from './query-keys';

/** Every analytics query lives under this key; any change of data marks them stale. */
export const ANALYTICS_KEY = resourceKeys.analytics;

/** The Dashboard's chart period, and the Analytics page's first one: the two share a cache entry. */
export const DEFAULT_OVERVIEW_MONTHS = 6;

export interface OverviewFilters {
  /** How many months the graphs cover, ending with the current one (1 to 24). */
  months: number;
  /** ADMIN may narrow the platform to one organization; null is every one. */
  organizationId: string | null;
}

/** The query string of the call: an organization only when one is named. */
export function overviewRequestQuery({ months, organizationId }: OverviewFilters): { months: number; organizationId?: string } {
  return organizationId ? { months, organizationId } : { months };
}

/**
 * The key names the signed-in user: figures are in the caller's scope, and the cache outlives a
 * sign-out followed by someone else's sign-in in the same tab.
 */
export function overviewQuery(userId: string, filters: OverviewFilters) {
  return queryOptions({
    queryKey: [...ANALYTICS_KEY, 'overview', userId, filters.months, filters.organizationId ?? 'all'] as const,
    queryFn: () => callApi(analyticsRoutes.overview, { query: overviewRequestQuery(filters) }),
  });
}

/** The roles whose home is the Dashboard of figures (ADMIN and station roles land elsewhere). */
export const DASHBOARD_ROLES: readonly Role[] = ['ADMINISTRATOR', 'ASST_ADMINISTRATOR', 'DRIVER'];

/** The Dashboard's overview: the default period, the caller's whole scope. */
export const DASHBOARD_OVERVIEW_FILTERS: OverviewFilters = { months: DEFAULT_OVERVIEW_MONTHS, organizationId: null };

export function dashboardOverviewQuery(userId: string) {
  return overviewQuery(userId, DASHBOARD_OVERVIEW_FILTERS);
}

/** Starts the Dashboard's overview for a role that has one; a failure is reported by the Dashboard's own query. */
export function prefetchDashboardOverview(queryClient: QueryClient, user: { id: string; role: Role }): void {
  if (!DASHBOARD_ROLES.includes(user.role)) return;
  void queryClient.prefetchQuery(dashboardOverviewQuery(user.id));
}

/** Called once in the signed-in frame: the overview starts loading with the session, not with the page. */
export function useStartupOverview(): void {
  const { user, token } = useAuth();
  const queryClient = useQueryClient();
  const signedIn = user !== null && token !== null;
  const userId = signedIn ? user.id : null;
  const role = signedIn ? user.role : null;
  useEffect(() => {
    if (userId !== null && role !== null) prefetchDashboardOverview(queryClient, { id: userId, role });
  }, [queryClient, userId, role]);
}
