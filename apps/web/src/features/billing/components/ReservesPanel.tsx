import { useMemo, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { toast } from '@/lib/toast';
import { hasPermission, PAGE_SIZE_DEFAULT, type Reserve, type Role } from '@fleetfuel/contract';
import { ApproveDialog } from '@/components/ui/ApproveDialog';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { errorMessage } from '@/lib/api-client';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { formatDate, formatStatNumber } from '@/lib/format';
import { useApproveReserve, useReserves } from '../api';
import { ReserveCards } from './ReserveCards';
import { RequestReserveModal } from './RequestReserveModal';
import { pagedRows } from '@/lib/list-paging';

/** Fuel reserves: what remains per fuel type, every reserve, requesting one and approving pending ones. */
export function ReservesPanel({ role }: { role: Role }) {
  const [page, setPage] = useState(1);
  const [requesting, setRequesting] = useState(false);
  const reserves = useReserves({ page, pageSize: PAGE_SIZE_DEFAULT });
  const approve = useApproveReserve();
  // The reserve outlives `opened`, so the dialog keeps its content while it closes.
  const [approving, setApproving] = useState<{ opened: boolean; reserve: Reserve | null }>({ opened: false, reserve: null });
  const [approveError, setApproveError] = useState<string | null>(null);
  const canApprove = hasPermission(role, 'reserves.approve');
  const canRequest = hasPermission(role, 'reserves.create');

  const columns = useMemo<DataTableColumn<Reserve>[]>(() => {
    const base: DataTableColumn<Reserve>[] = [
      { key: 'createdAt', header: 'Date', render: (r) => formatDate(r.createdAt), noWrap: true },
      { key: 'fuelType', header: 'Fuel Type', render: (r) => r.fuelType },
      { key: 'amount', header: 'Amount', render: (r) => `${formatStatNumber(r.amount)} ${r.unit}`, noWrap: true },
      { key: 'remaining', header: 'Remaining', render: (r) => `${formatStatNumber(r.remaining)} ${r.unit}`, noWrap: true },
      { key: 'status', header: 'Status', render: (r) => <StatusBadge status={r.status} />, noWrap: true },
      { key: 'requestedBy', header: 'Requested By', render: (r) => r.requestedBy?.name ?? '' },
      { key: 'approvedBy', header: 'Approved By', render: (r) => r.approvedBy?.name ?? '' },
    ];
    if (!canApprove) return base;
    return [
      ...base,
      {
        key: 'actions',
        header: 'Actions',
        noWrap: true,
        render: (r) =>
          r.status === 'PENDING' ? (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconCheck size={14} aria-hidden />}
              onClick={() => {
                setApproveError(null);
                setApproving({ opened: true, reserve: r });
              }}
              aria-label={`Approve ${formatStatNumber(r.amount)} ${r.unit} of ${r.fuelType}`}
            >
              Approve
            </Button>
          ) : null,
      },
    ];
  }, [canApprove]);

  const confirmApprove = async () => {
    const reserve = approving.reserve;
    if (!reserve) return;
    try {
      const reply = await approve.mutateAsync(reserve.id);
      toast.success(reply.message);
      setApproving((current) => ({ ...current, opened: false }));
    } catch (error) {
      // The toast says it too; the dialog keeps the reason beside the reserve it is about.
      setApproveError(errorMessage(error));
    }
  };
  const subject = approving.reserve;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="lg">
          Fuel Reserves
        </Title>
        {canRequest && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setRequesting(true)}>
            Request Reserve
          </Button>
        )}
      </Group>
      {reserves.data ? (
        <ReserveCards summary={reserves.data.summary} />
      ) : (
        <Text size="sm" c="dimmed">
          Loading reserves…
        </Text>
      )}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <DataTable
          label="Fuel reserves"
          columns={columns}
          {...pagedRows(reserves, (reply) => reply.reserves)}
          onPageChange={setPage}
          minWidth={880}
        />
      </Paper>
      <RequestReserveModal opened={requesting} onClose={() => setRequesting(false)} />
      <ApproveDialog
        opened={approving.opened}
        title="Approve fuel reserve"
        error={approveError}
        loading={approve.isPending}
        onConfirm={() => void confirmApprove()}
        onCancel={() => setApproving((current) => ({ ...current, opened: false }))}
      >
        {subject && (
          <>
            <Text size="sm">
              Approve a reserve of {formatStatNumber(subject.amount)} {subject.unit} of {subject.fuelType}
              {subject.requestedBy ? `, requested by ${subject.requestedBy.name} on ${formatDate(subject.createdAt)}` : ''}?
            </Text>
            <Text size="sm" c="dimmed">
              Once approved, fuel requests for {subject.fuelType} draw on this reserve until it runs out.
            </Text>
          </>
        )}
      </ApproveDialog>
    </Stack>
  );
}
