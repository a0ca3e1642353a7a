import { useState } from 'react';
import { Badge, Button, Group, Modal, NativeSelect, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { RedemptionFollowUp } from '@fleetfuel/contract';
import { toast } from '@/lib/toast';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { errorMessage } from '@/lib/api-client';
import { formatCurrency, formatDateTime, formatVolume } from '@/lib/format';
import { useRedemptionFollowUps, useResolveFollowUp, type FollowUpStatusFilter } from '../api';
import { pagedRows } from '@/lib/list-paging';

const NOTE_MAX = 500;
const NOTE_REQUIRED = 'Say how it was settled';

function fillText(item: RedemptionFollowUp): string {
  const volume = formatVolume(item.dispensedVolume, item.unit ?? '');
  return `${volume}${item.fuelType ? ` ${item.fuelType}` : ''}${item.plate ? ` · ${item.plate}` : ''}`;
}

/**
 * Redemptions this station's devices recorded with no network that the server refused when they
 * were sent: the fuel left the pump and nobody paid for it. The representative settles each one
 * (the driver comes back, the organization pays another way, the loss is written off) and says how.
 */
export function RedemptionFollowUps() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<FollowUpStatusFilter>('OPEN');
  const [search, setSearch] = useState('');
  const [resolving, setResolving] = useState<RedemptionFollowUp | null>(null);
  const followUps = useRedemptionFollowUps({ page, status, search });
  const open = followUps.data?.open ?? 0;

  const columns: DataTableColumn<RedemptionFollowUp>[] = [
    { key: 'recorded', header: 'Recorded Offline', noWrap: true, render: (item) => formatDateTime(item.recordedOfflineAt) },
    { key: 'coupon', header: 'Coupon', noWrap: true, render: (item) => item.couponCode ?? '—' },
    { key: 'fill', header: 'Dispensed', render: fillText },
    { key: 'amount', header: 'Unpaid', noWrap: true, render: (item) => (item.amount === null ? '—' : formatCurrency(item.amount)) },
    { key: 'organization', header: 'Organization', render: (item) => item.organization?.name ?? '—' },
    { key: 'by', header: 'Recorded By', render: (item) => item.recordedBy?.name ?? '—' },
    { key: 'reason', header: 'Why It Was Refused', render: (item) => item.reason },
    {
      key: 'actions',
      header: 'Actions',
      noWrap: true,
      render: (item) =>
        item.status === 'OPEN' ? (
          <Button size="xs" variant="light" onClick={() => setResolving(item)}>
            Resolve
          </Button>
        ) : (
          <Text size="xs" c="dimmed" title={item.resolutionNote ?? undefined}>
            Resolved {formatDateTime(item.resolvedAt)}
            {item.resolvedBy ? ` by ${item.resolvedBy.name}` : ''}
          </Text>
        ),
    },
  ];

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="redemption-follow-ups">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={2} fz="lg" id="redemption-follow-ups">
              Refused Offline Redemptions
            </Title>
            {open > 0 && (
              <Badge color="red" aria-label={`${open} open`}>
                {open} open
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          Fuel recorded on a device with no network that the server refused when it was sent. The station was not paid: settle each one with
          the organization and say how.
        </Text>
        <DataTable
          label="Refused offline redemptions"
          columns={columns}
          {...pagedRows(followUps, (reply) => reply.followUps)}
          onPageChange={setPage}
          search={search}
          onSearchChange={(text) => {
            setSearch(text);
            setPage(1);
          }}
          searchPlaceholder="Plate or coupon"
          toolbar={
            <NativeSelect
              aria-label="Filter by status"
              value={status}
              onChange={(event) => {
                setStatus(event.currentTarget.value as FollowUpStatusFilter);
                setPage(1);
              }}
              data={[
                { value: 'OPEN', label: 'Open' },
                { value: 'RESOLVED', label: 'Resolved' },
                { value: 'ALL', label: 'All' },
              ]}
            />
          }
          minWidth={1000}
        />
      </Stack>
      <Modal opened={resolving !== null} onClose={() => setResolving(null)} title="Resolve follow-up" centered>
        {resolving && <ResolveForm item={resolving} onClose={() => setResolving(null)} />}
      </Modal>
    </Paper>
  );
}

function ResolveForm({ item, onClose }: { item: RedemptionFollowUp; onClose: () => void }) {
  const resolve = useResolveFollowUp();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      aria-label="Resolve follow-up"
      onSubmit={(event) => {
        event.preventDefault();
        const text = note.trim();
        if (text === '') return setError(NOTE_REQUIRED);
        if (text.length > NOTE_MAX) return setError(`Must be at most ${NOTE_MAX} characters`);
        resolve.mutate(
          { id: item.id, note: text },
          {
            onSuccess: (reply) => {
              toast.success(reply.message);
              onClose();
            },
            onError: (failure) => setError(errorMessage(failure)),
          },
        );
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          {item.couponCode ?? 'Unknown coupon'}: {fillText(item)}
          {item.amount === null ? '' : `, ${formatCurrency(item.amount)} unpaid`}. Refused: {item.reason}
        </Text>
        <Textarea
          label="How it was settled"
          withAsterisk
          autosize
          minRows={2}
          maxRows={6}
          value={note}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            setError(null);
          }}
          error={error ?? undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={resolve.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={resolve.isPending}>
            Resolve
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
