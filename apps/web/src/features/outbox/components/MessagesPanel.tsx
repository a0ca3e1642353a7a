import { useMemo } from 'react';
import { Paper, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { toastReply } from '@/lib/toast';
import {
  MESSAGE_CHANNELS,
  OUTGOING_MESSAGE_STATUSES,
  type MessageChannel,
  type OutgoingMessage,
  type OutgoingMessageStatus,
} from '@fleetfuel/contract';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { ListFilter } from '@/components/ui/ListFilter';
import { RowAction } from '@/components/ui/RowAction';
import { StatusBadge, statusLabel } from '@/components/ui/StatusBadge';
import { formatDateTime } from '@/lib/format';
import { useListView } from '@/lib/list-view';
import { useMessages, useResendMessage, type MessageListInput } from '../api';
import { pagedRows } from '@/lib/list-paging';

const CHANNEL_LABELS: Record<MessageChannel, string> = { EMAIL: 'E-mail', SMS: 'Text (SMS)' };
const STATUS_OPTIONS = OUTGOING_MESSAGE_STATUSES.map((value) => ({ value, label: statusLabel(value) }));
const CHANNEL_OPTIONS = MESSAGE_CHANNELS.map((value) => ({ value, label: CHANNEL_LABELS[value] }));

const isStatus = (value: string): value is OutgoingMessageStatus => (OUTGOING_MESSAGE_STATUSES as readonly string[]).includes(value);
const isChannel = (value: string): value is MessageChannel => (MESSAGE_CHANNELS as readonly string[]).includes(value);

function Recipient({ message }: { message: OutgoingMessage }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{message.recipientName ?? message.recipient}</Text>
      <Text size="xs" c="dimmed">
        {message.recipient}
      </Text>
    </Stack>
  );
}

function Content({ message }: { message: OutgoingMessage }) {
  return (
    <Stack gap={0} maw={420}>
      <Text size="sm" fw={message.subject ? 500 : undefined} lineClamp={2}>
        {message.subject ?? message.body}
      </Text>
      <Text size="xs" c="dimmed">
        {[CHANNEL_LABELS[message.channel], message.organization?.name].filter(Boolean).join(' · ')}
      </Text>
    </Stack>
  );
}

/** Where the message stands: when it went, when it is tried next, or why it did not go. */
function Outcome({ message }: { message: OutgoingMessage }) {
  const tries = `${message.attempts} ${message.attempts === 1 ? 'try' : 'tries'}`;
  const line =
    message.status === 'SENT' && message.sentAt
      ? `Sent ${formatDateTime(message.sentAt)}`
      : message.status === 'PENDING' && message.nextAttemptAt
        ? `Next try ${formatDateTime(message.nextAttemptAt)}`
        : tries;
  return (
    <Stack gap={2} maw={320}>
      <StatusBadge status={message.status} />
      <Text size="xs" c="dimmed">
        {line}
      </Text>
      {message.lastError && message.status !== 'SENT' && (
        <Text size="xs" c="red.8" lineClamp={2}>
          {message.lastError}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The platform's outbox of e-mails and texts (issue 16), newest first: what went, what is waiting
 * for its next try, and what the mail server or the SMS provider refused for good, which the
 * platform admin can send again once the cause is fixed (a mailbox restored, a provider's credit).
 */
export function MessagesPanel() {
  const view = useListView({ filters: ['status', 'channel'] });
  const { status, channel } = view.filters;
  const query = useMemo<MessageListInput>(
    () => ({ ...view.query, ...(isStatus(status) ? { status } : {}), ...(isChannel(channel) ? { channel } : {}) }),
    [view.query, status, channel],
  );
  const messages = useMessages(query);
  const resend = useResendMessage();

  const sendAgain = async (message: OutgoingMessage) => {
    await toastReply(resend.mutateAsync(message.id));
  };

  const columns: DataTableColumn<OutgoingMessage>[] = [
    { key: 'createdAt', header: 'Written', render: (m) => formatDateTime(m.createdAt), noWrap: true },
    { key: 'recipient', header: 'To', render: (m) => <Recipient message={m} /> },
    { key: 'content', header: 'Message', render: (m) => <Content message={m} /> },
    { key: 'status', header: 'Status', render: (m) => <Outcome message={m} /> },
    {
      key: 'actions',
      header: 'Actions',
      noWrap: true,
      render: (m) =>
        m.status === 'FAILED' ? (
          <RowAction
            label={`Send again to ${m.recipient}`}
            tooltip="Send again"
            icon={<IconSend size={16} aria-hidden />}
            onClick={() => void sendAgain(m)}
          />
        ) : null,
    },
  ];

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <DataTable
        label="Messages"
        columns={columns}
        {...pagedRows(messages, (reply) => reply.messages)}
        {...view.table}
        searchPlaceholder="Search recipient, subject, client"
        minWidth={900}
        toolbar={
          <>
            <ListFilter label="Filter by status" allLabel="All statuses" options={STATUS_OPTIONS} {...view.filterControl('status')} />
            <ListFilter
              label="Filter by channel"
              allLabel="E-mails and texts"
              options={CHANNEL_OPTIONS}
              {...view.filterControl('channel')}
            />
          </>
        }
      />
    </Paper>
  );
}
