import { Paper, Title } from '@mantine/core';
import { AUDIT_SORTS, hasPermission, type AuditEntityType } from '@fleetfuel/contract';
import { DataTable } from '@/components/ui/DataTable';
import { useAuth } from '@/lib/auth';
import { useListView } from '@/lib/list-view';
import { useAuditLog } from '../api';
import { auditColumns } from './audit-columns';
import { pagedRows } from '@/lib/list-paging';

const COLUMNS = auditColumns({ withRecord: false });

export interface RecordHistoryProps {
  entityType: AuditEntityType;
  entityId: string;
}

/**
 * A record's own audit trail: every decision and change made to it, newest first. Nothing shows
 * until there is an entry: a record nobody has decided on yet, or one outside the reader's scope
 * (the API answers an empty list for it), has no history to show. A reader without the audit.read
 * permission never asks, so a details page open to more roles (an asset, for its driver) can
 * include it without a refused request or a failing panel.
 */
export function RecordHistory({ entityType, entityId }: RecordHistoryProps) {
  const { user } = useAuth();
  const mayRead = hasPermission(user?.role, 'audit.read');
  // The details page keeps its own keys in the address (id, tab): the history's are prefixed.
  const view = useListView({ prefix: 'history', sortable: AUDIT_SORTS });
  const history = useAuditLog({ entityType, entityId, ...view.query }, { enabled: mayRead });
  if (!mayRead || !history.data || history.data.meta.total === 0) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="record-history">
      <Title order={2} size="h4" id="record-history" mb="sm">
        History
      </Title>
      <DataTable
        label="History"
        columns={COLUMNS}
        {...pagedRows(history, (reply) => reply.entries)}
        onPageChange={view.setPage}
        sorting={view.table.sorting}
        minWidth={760}
      />
    </Paper>
  );
}
