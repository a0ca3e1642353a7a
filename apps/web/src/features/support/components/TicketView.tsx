import { Alert, Anchor, Avatar, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLock, IconPaperclip } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { ROLES, ROLE_LABELS, type Role, type SessionUser, type Ticket } from '@fleetfuel/contract';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { SubmitButton, TextareaField } from '@/components/ui/FormFields';
import { formatDateTime } from '@/lib/format';
import { useCloseTicket, useReplyToTicket, useTicket } from '../api';
import { replyFormSchema } from '../ticket-form';

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

function roleLabel(role: string): string {
  return isRole(role) ? ROLE_LABELS[role] : role;
}

interface MessageProps {
  author: Ticket['openedBy'];
  at: string;
  message: string;
  mine: boolean;
}

function Message({ author, at, message, mine }: MessageProps) {
  const staff = author.role === 'ADMIN';
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap" component="li">
      <Avatar name={author.name} color={staff ? 'teal' : 'initials'} radius="xl" size={36} alt="" />
      <Paper withBorder radius="md" p="sm" bg={staff ? 'var(--mantine-color-teal-light)' : undefined} style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" gap="xs" wrap="wrap" mb={4}>
          <Text size="sm" fw={600}>
            {mine ? 'You' : author.name}
            <Text span size="xs" c="dimmed" fw={400}>
              {' '}
              · {staff ? 'FleetFuel Support' : roleLabel(author.role)}
            </Text>
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(at)}
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message}
        </Text>
      </Paper>
    </Group>
  );
}

export interface TicketViewProps {
  id: string;
  me: SessionUser;
  backTo: string;
}

/** One ticket: the conversation, a reply box while it is open, and Close for its opener or the platform admin. */
export function TicketView({ id, me, backTo }: TicketViewProps) {
  const ticket = useTicket(id);
  const back = (
    <Anchor component={Link} to={backTo} size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        All tickets
      </Group>
    </Anchor>
  );

  if (ticket.isPending) {
    return (
      <Stack gap="md">
        {back}
        <Skeleton height={240} radius="md" />
      </Stack>
    );
  }
  if (!ticket.data) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" title="Ticket not found">
          This ticket does not exist or is not yours to read.
        </Alert>
      </Stack>
    );
  }
  const t = ticket.data;
  const closed = t.status === 'CLOSED';
  const mayClose = !closed && (me.role === 'ADMIN' || t.openedBy.id === me.id);

  return (
    <Stack gap="md">
      {back}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap" mb="md">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Group gap="sm" wrap="wrap">
              <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
                {t.subject}
              </Title>
              <StatusBadge status={t.status} />
            </Group>
            <Text size="xs" c="dimmed">
              Opened by {t.openedBy.name}
              {t.tenant ? ` (${t.tenant})` : ''} · {formatDateTime(t.createdAt)}
              {t.closedAt ? ` · Closed ${formatDateTime(t.closedAt)}` : ''}
            </Text>
          </Stack>
          {mayClose && <CloseButton id={t.id} />}
        </Group>
        <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Conversation">
          <Message author={t.openedBy} at={t.createdAt} message={t.message} mine={t.openedBy.id === me.id} />
          {t.replies.map((reply) => (
            <Message key={reply.id} author={reply.author} at={reply.createdAt} message={reply.message} mine={reply.author.id === me.id} />
          ))}
        </Stack>
        {t.attachmentUrl && (
          <Anchor href={t.attachmentUrl} target="_blank" rel="noreferrer" size="sm" mt="md" display="inline-block">
            <Group gap={4} wrap="nowrap">
              <IconPaperclip size={16} aria-hidden />
              View attachment
            </Group>
          </Anchor>
        )}
      </Paper>
      {closed ? (
        <Alert color="gray" icon={<IconLock size={18} aria-hidden />}>
          This ticket is closed. Open a new ticket if you need more help.
        </Alert>
      ) : (
        <ReplyForm id={t.id} />
      )}
    </Stack>
  );
}

function CloseButton({ id }: { id: string }) {
  const close = useCloseTicket(id);
  return (
    <Button
      variant="default"
      leftSection={<IconLock size={16} aria-hidden />}
      loading={close.isPending}
      onClick={() =>
        void close
          .mutateAsync()
          .then((reply) => toast.success(reply.message))
          .catch(() => null)
      }
    >
      Close
    </Button>
  );
}

function ReplyForm({ id }: { id: string }) {
  const reply = useReplyToTicket(id);
  const { control, handleSubmit, reset } = useForm({
    resolver: zodResolver(replyFormSchema),
    mode: 'all',
    defaultValues: { message: '' },
  });

  const onSubmit = handleSubmit(async ({ message }) => {
    const answer = await reply.mutateAsync(message).catch(() => null);
    if (!answer) return;
    reset({ message: '' });
    toast.success(answer.message);
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Reply">
        <Stack gap="sm">
          <TextareaField control={control} name="message" label="Reply" autosize minRows={3} maxRows={10} maxLength={5000} />
          <Group justify="flex-end">
            <SubmitButton control={control}>Send Reply</SubmitButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
