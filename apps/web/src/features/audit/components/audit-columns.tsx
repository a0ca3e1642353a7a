import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ROLE_LABELS, type AuditEntry } from '@fleetfuel/contract';
import type { DataTableColumn } from '@/components/ui/DataTable';
import { formatDateTime } from '@/lib/format';
import { actionLabel, entityTypeLabel, fieldLabel, recordPath, valueLabel } from '../audit-labels';

function Who({ entry }: { entry: AuditEntry }) {
  if (!entry.actor) return <Text size="sm">FleetFuel (automatic)</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm">{entry.actor.name}</Text>
      <Text size="xs" c="dimmed">
        {ROLE_LABELS[entry.actor.role]}
      </Text>
    </Stack>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const fields = Object.entries(entry.changes);
  return (
    <Stack gap={2}>
      {fields.map(([field, { before, after }]) => (
        <Text key={field} size="sm">
          <Text span fw={500} size="sm">
            {fieldLabel(field)}:
          </Text>{' '}
          {valueLabel(field, before)} → {valueLabel(field, after)}
        </Text>
      ))}
      {entry.note && (
        <Text size="xs" c="dimmed">
          {entry.note}
        </Text>
      )}
      {fields.length === 0 && !entry.note && (
        <Text size="sm" c="dimmed">
          —
        </Text>
      )}
    </Stack>
  );
}

function RecordCell({ entry }: { entry: AuditEntry }) {
  const path = recordPath(entry.entityType, entry.entityId);
  const label = entityTypeLabel(entry.entityType);
  // Ids are long; the first block tells records apart in a list, the link opens the whole record.
  const shortId = entry.entityId.slice(0, 8);
  return (
    <Stack gap={0}>
      <Text size="sm">{label}</Text>
      {path ? (
        <Anchor component={Link} to={path} size="xs" ff="monospace">
          {shortId}
        </Anchor>
      ) : (
        <Text size="xs" c="dimmed" ff="monospace">
          {shortId}
        </Text>
      )}
    </Stack>
  );
}

/** The audit trail's columns; a record's own history leaves out the record column. */
export function auditColumns(options: { withRecord: boolean }): DataTableColumn<AuditEntry>[] {
  return [
    { key: 'when', sortKey: 'occurredAt', header: 'When', render: (e) => formatDateTime(e.occurredAt), noWrap: true },
    { key: 'who', header: 'Who', render: (e) => <Who entry={e} /> },
    { key: 'action', header: 'Action', render: (e) => actionLabel(e.action) },
    ...(options.withRecord
      ? [{ key: 'record', sortKey: 'entityType', header: 'Record', render: (e: AuditEntry) => <RecordCell entry={e} /> }]
      : []),
    { key: 'changes', header: 'Changes', render: (e) => <Changes entry={e} /> },
    { key: 'address', header: 'Address', render: (e) => e.ipAddress ?? '—', noWrap: true },
  ];
}
