import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_OVERVIEW_MONTHS, dashboardOverviewQuery, overviewQuery, prefetchDashboardOverview } from './analytics-overview';

const USER_ID = '648de70b-e688-4b8f-a48e-dd35a7a53b8f';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the analytics overview query', () => {
  it('keys the cache by user, period and organization', () => {
    expect(overviewQuery(USER_ID, { months: 12, organizationId: null }).queryKey).toEqual(['analytics', 'overview', USER_ID, 12, 'all']);
    expect(overviewQuery(USER_ID, { months: 3, organizationId: 'org' }).queryKey).toEqual(['analytics', 'overview', USER_ID, 3, 'org']);
    expect(dashboardOverviewQuery(USER_ID).queryKey).toEqual(['analytics', 'overview', USER_ID, DEFAULT_OVERVIEW_MONTHS, 'all']);
  });

  it('is started at sign-in for the roles whose home is the Dashboard, and only for them', async () => {
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(new Response(JSON.stringify({ scope: 'DRIVER' }), { status: 200 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = new QueryClient();

    prefetchDashboardOverview(queryClient, { id: USER_ID, role: 'ADMIN' });
    prefetchDashboardOverview(queryClient, { id: USER_ID, role: 'STATION_REP' });
    prefetchDashboardOverview(queryClient, { id: USER_ID, role: 'ATTENDANT' });
    expect(fetchMock).not.toHaveBeenCalled();

    prefetchDashboardOverview(queryClient, { id: USER_ID, role: 'DRIVER' });
    await vi.waitFor(() => expect(queryClient.getQueryData(dashboardOverviewQuery(USER_ID).queryKey)).toEqual({ scope: 'DRIVER' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0] ?? '')).toBe(`/api/analytics/overview?months=${DEFAULT_OVERVIEW_MONTHS}`);
  });
});
