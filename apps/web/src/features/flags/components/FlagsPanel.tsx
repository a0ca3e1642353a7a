import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Paper } from '@mantine/core';
import { FLAG_SORTS, FLAG_SEVERITIES, FLAG_STATUSES, REQUEST_FLAG_CODES, hasPermission, type ReviewFlag } from '@fleetfuel/contract';
import { DataTable } from '@/components/ui/DataTable';
import { DateRangeFilter, dateRangeQuery } from '@/components/ui/DateRangeFilter';
import { ClientFilter, ListFilter } from '@/components/ui/ListFilter';
import { PageHeader } from '@/components/ui/PageHeader';
import { useAuth } from '@/lib/auth';
import { useKeepPageInRange } from '@/lib/list-paging';
import { useListView } from '@/lib/list-view';
import { useFlags, type FlagListQuery } from '../api';
import { CODE_OPTIONS, SEVERITY_OPTIONS, STATUS_OPTIONS, isOneOf } from '../flag-labels';
import { flagColumns } from './flag-columns';
import { FlagDetails } from './FlagDetails';

const FILTERS = ['status', 'severity', 'code', 'from', 'to', 'organizationId'] as const;
/** The queue opens on the flags still waiting for a review. */
const DEFAULTS = { status: 'OPEN' };

export interface FlagsPanelProps {
  /** A pending request's Approve and Reject in the flag's details; the page supplies them (features do not import each other). */
  requestActions?: (flag: ReviewFlag) => ReactNode;
  /** Shown above the queue: the overrides waiting at the pump; the page supplies them. */
  waiting?: ReactNode;
}

/**
 * The review queue (issue 44): the anomaly flags fuel requests raised, waiting ones first by
 * default, with their filters. A row opens the flag's details, where the organization admin judges it.
 */
export function FlagsPanel({ requestActions, waiting }: FlagsPanelProps) {
  const { user } = useAuth();
  const isPlatformAdmin = user?.role === 'ADMIN';
  const canReview = hasPermission(user?.role, 'flags.review');
  const view = useListView({ filters: FILTERS, defaults: DEFAULTS, sortable: FLAG_SORTS });
  const { status, severity, code, from, to, organizationId } = view.filters;
  const [selected, setSelected] = useState<{ id: string; flag: ReviewFlag; opened: boolean } | null>(null);

  const query = useMemo<FlagListQuery>(
    () => ({
      ...view.query,
      ...(isOneOf(FLAG_STATUSES, status) ? { status } : {}),
      ...(isOneOf(FLAG_SEVERITIES, severity) ? { severity } : {}),
      ...(isOneOf(REQUEST_FLAG_CODES, code) ? { code } : {}),
      ...(isPlatformAdmin && organizationId ? { organizationId } : {}),
      ...dateRangeQuery({ from, to }),
    }),
    [view.query, status, severity, code, from, to, organizationId, isPlatformAdmin],
  );
  const flags = useFlags(query);
  const total = flags.data?.total;
  const meta = useMemo(
    () => (total === undefined ? undefined : { page: view.query.page, pageSize: view.query.pageSize, total }),
    [total, view.query.page, view.query.pageSize],
  );
  useKeepPageInRange(meta, view.page, view.setPage);

  const open = useCallback((flag: ReviewFlag) => setSelected({ id: flag.id, flag, opened: true }), []);
  const columns = useMemo(() => flagColumns({ showOrganization: isPlatformAdmin, open }), [isPlatformAdmin, open]);
  // The open flag as the list has it now (an approval changes its request's status); kept while it closes.
  const shown = (selected && flags.data?.data.find((flag) => flag.id === selected.id)) ?? selected?.flag ?? null;

  return (
    <>
      <PageHeader title="Flags" description="Fuel requests that looked wrong, waiting for a manager to judge them" />
      {waiting}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <DataTable
          label="Flags"
          columns={columns}
          rows={flags.data?.data}
          rowKey={(flag) => flag.id}
          meta={meta}
          loading={flags.isFetching}
          {...view.table}
          searchPlaceholder="Search plate or driver"
          minWidth={isPlatformAdmin ? 1000 : 900}
          onRowClick={open}
          toolbar={
            <>
              {isPlatformAdmin && <ClientFilter value={organizationId} onChange={view.setFilter('organizationId')} />}
              <ListFilter label="Filter by status" allLabel="All statuses" options={STATUS_OPTIONS} {...view.filterControl('status')} />
              <ListFilter
                label="Filter by severity"
                allLabel="All severities"
                options={SEVERITY_OPTIONS}
                {...view.filterControl('severity')}
              />
              <ListFilter label="Filter by flag" allLabel="All flags" options={CODE_OPTIONS} {...view.filterControl('code')} />
              <DateRangeFilter from={from} to={to} set={view.setFilter} />
            </>
          }
        />
      </Paper>
      <FlagDetails
        flag={shown}
        opened={selected?.opened ?? false}
        onClose={() => setSelected((current) => current && { ...current, opened: false })}
        canReview={canReview}
        showOrganization={isPlatformAdmin}
        requestActions={shown && requestActions ? requestActions(shown) : undefined}
      />
    </>
  );
}
