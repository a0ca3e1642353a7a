import { useMemo, useState } from 'react';
import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconPlus } from '@tabler/icons-react';
import { ticketStatusSchema, type Ticket } from '@fleetfuel/contract';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { StatusBadge, statusLabel } from '@/components/ui/StatusBadge';
import { formatDateTime } from '@/lib/format';
import { useTickets, type TicketListQuery } from '../api';
import { NewTicketModal } from './NewTicketModal';
import { StatusListFilter } from '@/components/ui/ListFilter';
import { useListView } from '@/lib/list-view';
import { pagedRows } from '@/lib/list-paging';

const STATUSES = ticketStatusSchema.options;

/** Where one ticket is read: the Support page's own URL, so a ticket can be linked to. */
export function ticketPath(id: string): string {
  return `/support/tickets/${id}`;
}

function isTicketStatus(value: string): value is Ticket['status'] {
  return (STATUSES as readonly string[]).includes(value);
}

export interface TicketsPanelProps {
  /** The platform admin sees every ticket, with who opened it and from where. */
  everyone: boolean;
  onOpen: (ticket: Ticket) => void;
}

export function TicketsPanel({ everyone, onOpen }: TicketsPanelProps) {
  const view = useListView({ filters: ['status'] });
  const { status } = view.filters;
  const [creating, setCreating] = useState(false);

  const query = useMemo<TicketListQuery>(() => ({ ...view.query, ...(isTicketStatus(status) ? { status } : {}) }), [view.query, status]);
  const tickets = useTickets(query);

  const columns = useMemo<DataTableColumn<Ticket>[]>(() => {
    const all: DataTableColumn<Ticket>[] = [
      {
        key: 'subject',
        header: 'Subject',
        render: (t) => (
          <Anchor component={Link} to={ticketPath(t.id)} fw={500} size="sm" lineClamp={2} onClick={(event) => event.stopPropagation()}>
            {t.subject}
          </Anchor>
        ),
      },
      {
        key: 'openedBy',
        header: 'Opened By',
        render: (t) => (
          <Stack gap={0}>
            <Text size="sm">{t.openedBy.name}</Text>
            {t.tenant && (
              <Text size="xs" c="dimmed">
                {t.tenant}
              </Text>
            )}
          </Stack>
        ),
      },
      { key: 'status', header: 'Status', render: (t) => <StatusBadge status={t.status} />, noWrap: true },
      { key: 'replies', header: 'Replies', render: (t) => t.repliesCount, noWrap: true },
      { key: 'updatedAt', header: 'Updated', render: (t) => formatDateTime(t.updatedAt), noWrap: true },
    ];
    return everyone ? all : all.filter((c) => c.key !== 'openedBy');
  }, [everyone]);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Title order={3} size="h4" mb="sm">
        {everyone ? 'Support tickets' : 'Your tickets'}
      </Title>
      <DataTable
        label="Support tickets"
        columns={columns}
        {...pagedRows(tickets, (reply) => reply.tickets)}
        {...view.table}
        searchPlaceholder="Search subject or message"
        minWidth={everyone ? 760 : 560}
        onRowClick={onOpen}
        toolbar={
          <>
            <StatusListFilter options={STATUSES.map((value) => ({ value, label: statusLabel(value) }))} {...view.filterControl('status')} />
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              New ticket
            </Button>
          </>
        }
      />
      <NewTicketModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(ticket) => {
          setCreating(false);
          onOpen(ticket);
        }}
      />
    </Paper>
  );
}
