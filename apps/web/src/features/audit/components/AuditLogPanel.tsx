import { useMemo } from 'react';
import { Paper } from '@mantine/core';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, AUDIT_SORTS, type AuditAction, type AuditEntityType } from '@fleetfuel/contract';
import { DataTable } from '@/components/ui/DataTable';
import { DateRangeFilter, dateRangeQuery } from '@/components/ui/DateRangeFilter';
import { ListFilter } from '@/components/ui/ListFilter';
import { useListView } from '@/lib/list-view';
import { useAuditLog, type AuditLogQuery } from '../api';
import { actionLabel, entityTypeLabel } from '../audit-labels';
import { auditColumns } from './audit-columns';
import { pagedRows } from '@/lib/list-paging';

const ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({ value, label: actionLabel(value) }));
const ENTITY_OPTIONS = AUDIT_ENTITY_TYPES.map((value) => ({ value, label: entityTypeLabel(value) }));
const COLUMNS = auditColumns({ withRecord: true });

const isAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);
const isEntityType = (value: string): value is AuditEntityType => (AUDIT_ENTITY_TYPES as readonly string[]).includes(value);

/** The audit trail in the caller's scope, newest first, with its filters. */
export function AuditLogPanel() {
  const view = useListView({ filters: ['action', 'entityType', 'from', 'to'], sortable: AUDIT_SORTS });
  const { action, entityType, from, to } = view.filters;

  const query = useMemo<AuditLogQuery>(
    () => ({
      ...view.query,
      ...(isAction(action) ? { action } : {}),
      ...(isEntityType(entityType) ? { entityType } : {}),
      ...dateRangeQuery({ from, to }),
    }),
    [view.query, action, entityType, from, to],
  );
  const log = useAuditLog(query);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <DataTable
        label="Audit log"
        columns={COLUMNS}
        {...pagedRows(log, (reply) => reply.entries)}
        {...view.table}
        searchPlaceholder="Search action, record or person"
        minWidth={980}
        toolbar={
          <>
            <ListFilter label="Filter by action" allLabel="All actions" options={ACTION_OPTIONS} {...view.filterControl('action')} />
            <ListFilter
              label="Filter by record type"
              allLabel="All records"
              options={ENTITY_OPTIONS}
              {...view.filterControl('entityType')}
            />
            <DateRangeFilter from={from} to={to} set={view.setFilter} />
          </>
        }
      />
    </Paper>
  );
}
