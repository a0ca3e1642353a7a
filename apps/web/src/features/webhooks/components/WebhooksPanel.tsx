import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Modal,
  Pagination,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast, toastReply } from '@/lib/toast';
import { IconCheck, IconCopy, IconTrash } from '@tabler/icons-react';
import { webhookCreateBodySchema, type Webhook } from '@fleetfuel/contract';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { FormModal } from '@/components/ui/FormModal';
import { CheckboxGroupField, SubmitButton, TextField } from '@/components/ui/FormFields';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { showFieldError } from '@/lib/form-errors';
import { formatDateTime, TIME_ZONE_NOTE } from '@/lib/format';
import { DELIVERIES_PAGE_SIZE, useCreateWebhook, useDeleteWebhook, useWebhookDeliveries, useWebhooks } from '../api';
import { EMPTY_WEBHOOK_FORM, EVENT_LABELS, EVENT_OPTIONS, type WebhookFormValues } from '../webhook-form';

/**
 * Settings → Webhooks, for the organization admin: the endpoints that receive signed events, adding
 * one (its secret shown once, with a copy button), removing one, and each one's deliveries.
 */
export function WebhooksPanel() {
  const webhooks = useWebhooks();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Webhook | null>(null);
  const [viewing, setViewing] = useState<Webhook | null>(null);
  const remove = useDeleteWebhook();
  const rows = webhooks.data?.webhooks ?? [];

  return (
    <Card withBorder radius="md" p="lg" mt="lg">
      <Group justify="space-between" mb="sm">
        <div>
          <Title order={3} size="h4">
            Webhooks
          </Title>
          <Text size="sm" c="dimmed">
            HTTPS endpoints that receive your organization&apos;s events, signed with their secret (X-FleetFuel-Signature).
          </Text>
        </div>
        <Button onClick={() => setAdding(true)}>Add Webhook</Button>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {webhooks.isLoading ? 'Loading…' : 'No Record'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="Webhooks" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>URL</Table.Th>
                <Table.Th>Events</Table.Th>
                <Table.Th>Last delivery</Table.Th>
                <Table.Th>Added</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((webhook) => (
                <Table.Tr key={webhook.id}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{webhook.url}</Table.Td>
                  <Table.Td>{webhook.events.map((event) => EVENT_LABELS[event]).join(', ')}</Table.Td>
                  <Table.Td>
                    {webhook.lastDelivery ? (
                      <Group gap="xs" wrap="nowrap">
                        <StatusBadge status={webhook.lastDelivery.status} />
                        <Text size="xs">{EVENT_LABELS[webhook.lastDelivery.event]}</Text>
                      </Group>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>{formatDateTime(webhook.createdAt)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      <Button size="xs" variant="light" onClick={() => setViewing(webhook)}>
                        Deliveries
                      </Button>
                      <Tooltip label="Delete webhook">
                        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${webhook.url}`} onClick={() => setRemoving(webhook)}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <AddWebhookModal opened={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        opened={removing !== null}
        title="Delete webhook"
        message={`Nothing more will be sent to ${removing?.url ?? ''}, including deliveries still waiting.`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) void toastReply(remove.mutateAsync(removing.id)).then(() => setRemoving(null));
        }}
      />
      <Modal opened={viewing !== null} onClose={() => setViewing(null)} title={`Deliveries to ${viewing?.url ?? ''}`} size="xl" centered>
        {viewing && <DeliveriesTable webhookId={viewing.id} />}
      </Modal>
    </Card>
  );
}

function AddWebhookModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    setSecret(null);
    onClose();
  };
  return (
    <FormModal opened={opened} onClose={close} title="Add Webhook">
      {secret ? (
        <Stack gap="md">
          <Alert color="yellow" title="Copy the signing secret now">
            It is shown only once. Your endpoint checks each delivery&apos;s X-FleetFuel-Signature with it.
          </Alert>
          <Group gap="xs" wrap="nowrap">
            <Code block style={{ flex: 1, wordBreak: 'break-all' }} aria-label="Signing secret">
              {secret}
            </Code>
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        opened && <AddWebhookForm onCancel={close} onAdded={setSecret} />
      )}
    </FormModal>
  );
}

function AddWebhookForm({ onCancel, onAdded }: { onCancel: () => void; onAdded: (secret: string) => void }) {
  const create = useCreateWebhook();
  const { control, handleSubmit, setError } = useForm<WebhookFormValues>({
    resolver: zodResolver(webhookCreateBodySchema),
    mode: 'all',
    defaultValues: EMPTY_WEBHOOK_FORM,
  });
  const onSubmit = handleSubmit(async (values) => {
    const reply = await create.mutateAsync(webhookCreateBodySchema.parse(values)).catch((error: unknown) => {
      showFieldError(error, values, setError);
      return null;
    });
    if (!reply) return;
    toast.success(reply.message);
    onAdded(reply.secret);
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Add webhook">
      <Stack gap="md">
        <TextField control={control} name="url" label="URL" withAsterisk placeholder="https://example.com/fleetfuel" autoComplete="off" />
        <CheckboxGroupField control={control} name="events" label="Events" options={EVENT_OPTIONS} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <SubmitButton control={control}>Add Webhook</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}

function DeliveriesTable({ webhookId }: { webhookId: string }) {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(webhookId, page);
  const rows = deliveries.data?.deliveries ?? [];
  const total = deliveries.data?.meta.total ?? 0;
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {deliveries.isLoading ? 'Loading…' : 'No Record'}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={720}>
        <Table aria-label="Deliveries" verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Attempts</Table.Th>
              <Table.Th>Last result</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Delivered / next try</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((delivery) => (
              <Table.Tr key={delivery.id}>
                <Table.Td>{EVENT_LABELS[delivery.event]}</Table.Td>
                <Table.Td>
                  <StatusBadge status={delivery.status} />
                </Table.Td>
                <Table.Td>{delivery.attempts}</Table.Td>
                <Table.Td>
                  {delivery.lastAttempt ? (delivery.lastAttempt.error ?? `HTTP ${delivery.lastAttempt.statusCode ?? ''}`) : 'Not tried yet'}
                </Table.Td>
                <Table.Td>{formatDateTime(delivery.createdAt)}</Table.Td>
                <Table.Td>{formatDateTime(delivery.deliveredAt ?? delivery.nextAttemptAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {TIME_ZONE_NOTE}
        </Text>
        {total > DELIVERIES_PAGE_SIZE && (
          <Pagination size="sm" total={Math.ceil(total / DELIVERIES_PAGE_SIZE)} value={page} onChange={setPage} />
        )}
      </Group>
    </Stack>
  );
}
