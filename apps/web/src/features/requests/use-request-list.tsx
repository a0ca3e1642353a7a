import { useMemo } from 'react';
import type { RequestStatus, RouteDefinition } from '@fleetfuel/contract';
import { DateRangeFilter, dateRangeQuery } from '@/components/ui/DateRangeFilter';
import { ExportButton } from '@/components/ui/ExportButton';
import { useListView, type ListViewQuery } from '@/lib/list-view';
import { StatusFilter, isRequestStatus } from './components/RequestParts';

/** A request list's query: the list view's page, search and sort, with its status and dates. */
export type RequestListViewQuery<Sort extends string> = ListViewQuery<Sort> & { status?: RequestStatus; from?: string; to?: string };

/**
 * The view of Fuel Tracking's and Maintenance's lists: the search, sort, page, status and date
 * range kept in the address (`useListView`), the query they make, and the toolbar that sets them
 * (status, from and to dates, and the Export of what the filters match).
 */
export function useRequestList<Sort extends string>(sortable: readonly Sort[], exportRoute: RouteDefinition) {
  const view = useListView({ filters: ['status', 'from', 'to'], sortable });
  const { status, from, to } = view.filters;
  const query = useMemo<RequestListViewQuery<Sort>>(
    () => ({ ...view.query, ...(isRequestStatus(status) ? { status } : {}), ...dateRangeQuery({ from, to }) }),
    [view.query, status, from, to],
  );
  const toolbar = (
    <>
      <StatusFilter value={status} onChange={view.setFilter('status')} />
      <DateRangeFilter from={from} to={to} set={view.setFilter} />
      <ExportButton route={exportRoute} query={query} />
    </>
  );
  return { query, table: view.table, toolbar };
}
