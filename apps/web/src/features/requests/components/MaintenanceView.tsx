import { useCallback, useMemo, useState } from 'react';
import { Button, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconCalendarCheck, IconCash, IconClockHour4, IconPlus, IconTool } from '@tabler/icons-react';
import { toast } from 'react-toastify';
import { MAINTENANCE_SORTS, hasPermission, routes, type MaintenanceRequest } from '@fleetfuel/contract';
import { DateRangeFilter, dateRangeQuery } from '@/components/ui/DateRangeFilter';
import { ExportButton } from '@/components/ui/ExportButton';
import { PageHeader } from '@/components/ui/PageHeader';
import { StatCard } from '@/components/ui/StatCard';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatCalendarDate, formatCurrency } from '@/lib/format';
import {
  useApproveMaintenance,
  useDocumentDownload,
  useMaintenanceRequests,
  useRejectMaintenance,
  type MaintenanceListQuery,
} from '../api';
import { vehicleName } from '../request-labels';
import { ApproveDialog } from '@/components/ui/ApproveDialog';
import { CompleteMaintenanceModal } from './CompleteMaintenanceModal';
import { MaintenanceDetails } from './MaintenanceDetails';
import { MaintenanceFormModal } from './MaintenanceFormModal';
import { MaintenanceTable, type MaintenanceActions } from './MaintenanceTable';
import { RejectDialog } from './RejectDialog';
import { StatusFilter, isRequestStatus } from './RequestParts';
import { useListView } from '@/lib/list-view';

interface Dialog {
  opened: boolean;
  request: MaintenanceRequest | null;
}
const closed: Dialog = { opened: false, request: null };

/** Maintenance (spec section 2): the same pattern as Fuel Tracking, with Schedule Maintenance. */
export function MaintenanceView() {
  const { user } = useAuth();
  const role = user?.role ?? 'DRIVER';
  const showOrganization = role === 'ADMIN';
  const canCreate = hasPermission(role, 'requests.create');
  const canApprove = hasPermission(role, 'requests.approve');
  const canDownload = hasPermission(role, 'coupons.download');
  const view = useListView({ filters: ['status', 'from', 'to'], sortable: MAINTENANCE_SORTS });
  const { status, from, to } = view.filters;
  const [scheduling, setScheduling] = useState(false);
  const [viewing, setViewing] = useState<Dialog>(closed);
  const [approving, setApproving] = useState<Dialog>(closed);
  const [rejecting, setRejecting] = useState<Dialog>(closed);
  const [completing, setCompleting] = useState<Dialog>(closed);
  const [approveError, setApproveError] = useState<string | null>(null);
  const approve = useApproveMaintenance();
  const reject = useRejectMaintenance();
  const download = useDocumentDownload();

  const query = useMemo<MaintenanceListQuery>(
    () => ({ ...view.query, ...(isRequestStatus(status) ? { status } : {}), ...dateRangeQuery({ from, to }) }),
    [view.query, status, from, to],
  );
  const requests = useMaintenanceRequests(query);
  const summary = requests.data?.summary;

  const { mutate: downloadDocument } = download;
  const onDownload = useCallback(
    (request: MaintenanceRequest) => downloadDocument({ kind: 'maintenance', id: request.id }),
    [downloadDocument],
  );

  const actions = useMemo<MaintenanceActions>(
    () => ({
      canApprove,
      canDownload,
      onView: (request) => setViewing({ opened: true, request }),
      onApprove: (request) => {
        setApproveError(null);
        setApproving({ opened: true, request });
      },
      onReject: (request) => setRejecting({ opened: true, request }),
      onDownload,
      onComplete: (request) => setCompleting({ opened: true, request }),
    }),
    [canApprove, canDownload, onDownload],
  );

  const confirmApprove = async () => {
    const request = approving.request;
    if (!request) return;
    try {
      const reply = await approve.mutateAsync(request.id);
      toast.success(reply.message);
      setApproving((current) => ({ ...current, opened: false }));
    } catch (error) {
      setApproveError(errorMessage(error));
    }
  };

  const confirmReject = async (note: string) => {
    const request = rejecting.request;
    if (!request) return;
    const reply = await reject.mutateAsync({ id: request.id, note }).catch(() => null);
    if (!reply) return;
    toast.success(reply.message);
    setRejecting((current) => ({ ...current, opened: false }));
  };

  const approvingRequest = approving.request;

  return (
    <>
      <PageHeader
        title="Maintenance"
        description="Maintenance requests, their approval and their work orders."
        actions={
          canCreate && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setScheduling(true)}>
              Schedule Maintenance
            </Button>
          )
        }
      />

      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" mb="lg">
        <StatCard title="Pending" number={summary?.pendingCount ?? 0} note="Awaiting approval" icon={<IconClockHour4 size={22} />} />
        <StatCard
          title="Approved"
          number={summary?.approvedCount ?? 0}
          note={summary ? `Open estimates: ${formatCurrency(summary.pendingCost)}` : undefined}
          icon={<IconTool size={22} />}
        />
        <StatCard title="Completed" number={summary?.completedCount ?? 0} note="Jobs done" icon={<IconCalendarCheck size={22} />} />
        <StatCard
          title="Completed Cost (₦)"
          number={summary?.completedCost ?? 0}
          note="What completed jobs cost"
          icon={<IconCash size={22} />}
        />
      </SimpleGrid>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <MaintenanceTable
          rows={requests.data?.logs}
          meta={requests.data?.meta}
          loading={requests.isFetching}
          {...view.table}
          showOrganization={showOrganization}
          actions={actions}
          toolbar={
            <>
              <StatusFilter value={status} onChange={view.setFilter('status')} />
              <DateRangeFilter from={from} to={to} set={view.setFilter} />
              <ExportButton route={routes.exports.maintenance} query={query} />
            </>
          }
        />
      </Paper>

      <MaintenanceDetails
        request={viewing.request}
        opened={viewing.opened}
        onClose={() => setViewing((current) => ({ ...current, opened: false }))}
        showOrganization={showOrganization}
        canDownload={canDownload}
        onDownload={onDownload}
        downloading={download.isPending}
      />
      <ApproveDialog
        opened={approving.opened}
        title="Approve maintenance request"
        error={approveError}
        loading={approve.isPending}
        onConfirm={() => void confirmApprove()}
        onCancel={() => setApproving((current) => ({ ...current, opened: false }))}
      >
        {approvingRequest && (
          <>
            <Text size="sm">
              Approve “{approvingRequest.description}” for <strong>{vehicleName(approvingRequest.vehicle)}</strong> on{' '}
              {formatCalendarDate(approvingRequest.date)}, estimated at {formatCurrency(approvingRequest.cost)}?
            </Text>
            <Text size="sm" c="dimmed">
              {approvingRequest.fuelStation
                ? `The estimate is held on the wallet until ${approvingRequest.fuelStation.name} completes the job. `
                : ''}
              The vehicle is marked under maintenance until the job is completed.
            </Text>
          </>
        )}
      </ApproveDialog>
      <RejectDialog
        opened={rejecting.opened}
        title="Reject maintenance request"
        message={
          rejecting.request && (
            <>
              Reject “{rejecting.request.description}” for <strong>{vehicleName(rejecting.request.vehicle)}</strong>, requested by{' '}
              {rejecting.request.requestedBy.name}?
            </>
          )
        }
        loading={reject.isPending}
        onConfirm={(note) => void confirmReject(note)}
        onCancel={() => setRejecting((current) => ({ ...current, opened: false }))}
      />
      <CompleteMaintenanceModal
        request={completing.request}
        opened={completing.opened}
        onClose={() => setCompleting((current) => ({ ...current, opened: false }))}
      />
      {canCreate && <MaintenanceFormModal opened={scheduling} onClose={() => setScheduling(false)} />}
    </>
  );
}
