import { useMemo, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { toast } from 'react-toastify';
import { hasPermission, PAGE_SIZE_DEFAULT, type Reserve, type Role } from '@fleetfuel/contract';
import { DataTable, type DataTableColumn } from '../../../components/ui/DataTable';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { formatDate, formatStatNumber } from '../../../lib/format';
import { useApproveReserve, useReserves } from '../api';
import { ReserveCards } from './ReserveCards';
import { RequestReserveModal } from './RequestReserveModal';

/** Fuel reserves: what remains per fuel type, every reserve, requesting one and approving pending ones. */
export function ReservesPanel({ role }: { role: Role }) {
  const [page, setPage] = useState(1);
  const [requesting, setRequesting] = useState(false);
  const reserves = useReserves({ page, pageSize: PAGE_SIZE_DEFAULT });
  const approve = useApproveReserve();
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
              loading={approve.isPending && approve.variables === r.id}
              onClick={() => {
                void approve
                  .mutateAsync(r.id)
                  .then((reply) => toast.success(reply.message))
                  .catch(() => undefined);
              }}
              aria-label={`Approve ${formatStatNumber(r.amount)} ${r.unit} of ${r.fuelType}`}
            >
              Approve
            </Button>
          ) : null,
      },
    ];
  }, [approve, canApprove]);

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
          rows={reserves.data?.reserves}
          rowKey={(r) => r.id}
          meta={reserves.data?.meta}
          loading={reserves.isFetching}
          onPageChange={setPage}
          minWidth={880}
        />
      </Paper>
      <RequestReserveModal opened={requesting} onClose={() => setRequesting(false)} />
    </Stack>
  );
}
