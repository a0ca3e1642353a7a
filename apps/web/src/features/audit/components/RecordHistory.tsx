import { useState } from 'react';
import { Paper, Title } from '@mantine/core';
import { PAGE_SIZE_DEFAULT, type AuditEntityType } from '@fleetfuel/contract';
import { DataTable } from '@/components/ui/DataTable';
import { useAuditLog } from '../api';
import { auditColumns } from './audit-columns';

const COLUMNS = auditColumns({ withRecord: false });

export interface RecordHistoryProps {
  entityType: AuditEntityType;
  entityId: string;
}

/**
 * A record's own audit trail: every decision and change made to it, newest first. Nothing shows
 * until there is an entry: a record nobody has decided on yet, or one outside the reader's scope
 * (the API answers an empty list for it), has no history to show.
 */
export function RecordHistory({ entityType, entityId }: RecordHistoryProps) {
  const [page, setPage] = useState(1);
  const history = useAuditLog({ entityType, entityId, page, pageSize: PAGE_SIZE_DEFAULT });
  if (!history.data || history.data.meta.total === 0) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="record-history">
      <Title order={2} size="h4" id="record-history" mb="sm">
        History
      </Title>
      <DataTable
        label="History"
        columns={COLUMNS}
        rows={history.data?.entries}
        rowKey={(entry) => entry.id}
        meta={history.data?.meta}
        loading={history.isFetching}
        onPageChange={setPage}
        minWidth={760}
      />
    </Paper>
  );
}
