import { useMemo, useState } from 'react';
import { Paper, TextInput } from '@mantine/core';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, PAGE_SIZE_DEFAULT, type AuditAction, type AuditEntityType } from '@fleetfuel/contract';
import { DataTable } from '@/components/ui/DataTable';
import { ListFilter } from '@/components/ui/ListFilter';
import { useListPaging } from '@/lib/list-paging';
import { useAuditLog, type AuditLogQuery } from '../api';
import { actionLabel, entityTypeLabel } from '../audit-labels';
import { auditColumns } from './audit-columns';

const ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({ value, label: actionLabel(value) }));
const ENTITY_OPTIONS = AUDIT_ENTITY_TYPES.map((value) => ({ value, label: entityTypeLabel(value) }));
const COLUMNS = auditColumns({ withRecord: true });

const isAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);
const isEntityType = (value: string): value is AuditEntityType => (AUDIT_ENTITY_TYPES as readonly string[]).includes(value);

/** One end of the date range: a Lagos calendar day, kept on the right side of the other end. */
function DayFilter(props: { label: string; value: string; bounds: { min?: string; max?: string }; onChange: (day: string) => void }) {
  return (
    <TextInput
      type="date"
      aria-label={props.label}
      value={props.value}
      min={props.bounds.min || undefined}
      max={props.bounds.max || undefined}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
}

/** The audit trail in the caller's scope, newest first, with its filters. */
export function AuditLogPanel() {
  const { page, setPage, search, onSearchChange, resettingPage } = useListPaging();
  const [action, setAction] = useState('');
  const [entityType, setEntityType] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  const query = useMemo<AuditLogQuery>(
    () => ({
      page,
      pageSize: PAGE_SIZE_DEFAULT,
      ...(search ? { search } : {}),
      ...(isAction(action) ? { action } : {}),
      ...(isEntityType(entityType) ? { entityType } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    }),
    [page, search, action, entityType, from, to],
  );
  const log = useAuditLog(query);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <DataTable
        label="Audit log"
        columns={COLUMNS}
        rows={log.data?.entries}
        rowKey={(entry) => entry.id}
        meta={log.data?.meta}
        loading={log.isFetching}
        onPageChange={setPage}
        onSearchChange={onSearchChange}
        searchPlaceholder="Search action, record or person"
        minWidth={980}
        toolbar={
          <>
            <ListFilter
              label="Filter by action"
              allLabel="All actions"
              value={action}
              options={ACTION_OPTIONS}
              onChange={resettingPage(setAction)}
            />
            <ListFilter
              label="Filter by record type"
              allLabel="All records"
              value={entityType}
              options={ENTITY_OPTIONS}
              onChange={resettingPage(setEntityType)}
            />
            <DayFilter label="From date" value={from} bounds={{ max: to }} onChange={resettingPage(setFrom)} />
            <DayFilter label="To date" value={to} bounds={{ min: from }} onChange={resettingPage(setTo)} />
          </>
        }
      />
    </Paper>
  );
}
