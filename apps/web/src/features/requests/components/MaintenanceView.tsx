import { useCallback, useMemo, useState } from 'react';
import { Button, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconCalendarCheck, IconCash, IconClockHour4, IconPlus, IconTool } from '@tabler/icons-react';
import { MAINTENANCE_SORTS, hasPermission, routes, type MaintenanceRequest } from '@fleetfuel/contract';
import { PageHeader } from '@/components/ui/PageHeader';
import { StatCard } from '@/components/ui/StatCard';
import { useAuth } from '@/lib/auth';
import { formatCalendarDate, formatCurrency } from '@/lib/format';
import { useApproveMaintenance, useDocumentDownload, useMaintenanceRequests, useRejectMaintenance } from '../api';
import { vehicleName } from '../request-labels';
import { ApproveDialog } from '@/components/ui/ApproveDialog';
import { CompleteMaintenanceModal } from './CompleteMaintenanceModal';
import { MaintenanceDetails } from './MaintenanceDetails';
import { MaintenanceFormModal } from './MaintenanceFormModal';
import { MaintenanceTable, type MaintenanceActions } from './MaintenanceTable';
import { RejectDialog } from './RejectDialog';
import { useRequestDecisions, useRequestDialog } from '../use-request-decisions';
import { useRequestList } from '../use-request-list';
import { pagedRows } from '@/lib/list-paging';

/** Maintenance (spec section 2): the same pattern as Fuel Tracking, with Schedule Maintenance. */
export function MaintenanceView() {
  const { user } = useAuth();
  const role = user?.role ?? 'DRIVER';
  const showOrganization = role === 'ADMIN';
  const canCreate = hasPermission(role, 'requests.create');
  const canApprove = hasPermission(role, 'requests.approve');
  const canDownload = hasPermission(role, 'coupons.download');
  const { query, table, toolbar } = useRequestList(MAINTENANCE_SORTS, routes.exports.maintenance);
  const [scheduling, setScheduling] = useState(false);
  const viewing = useRequestDialog<MaintenanceRequest>();
  const completing = useRequestDialog<MaintenanceRequest>();
  const approve = useApproveMaintenance();
  const reject = useRejectMaintenance();
  const { approving, rejecting, startApprove, approveDialog, rejectDialog } = useRequestDecisions<MaintenanceRequest>({
    approve: (request) => approve.mutateAsync(request.id),
    reject: (request, note) => reject.mutateAsync({ id: request.id, note }),
    pending: { approve: approve.isPending, reject: reject.isPending },
  });
  const { open: openViewing } = viewing;
  const { open: openRejecting } = rejecting;
  const { open: openCompleting } = completing;
  const download = useDocumentDownload();

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
      onView: openViewing,
      onApprove: startApprove,
      onReject: openRejecting,
      onDownload,
      onComplete: openCompleting,
    }),
    [canApprove, canDownload, openViewing, startApprove, openRejecting, onDownload, openCompleting],
  );

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
          {...pagedRows(requests, (reply) => reply.logs)}
          {...table}
          showOrganization={showOrganization}
          actions={actions}
          toolbar={toolbar}
        />
      </Paper>

      <MaintenanceDetails
        request={viewing.request}
        opened={viewing.opened}
        onClose={viewing.close}
        showOrganization={showOrganization}
        canDownload={canDownload}
        onDownload={onDownload}
        downloading={download.isPending}
      />
      <ApproveDialog {...approveDialog} title="Approve maintenance request">
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
        {...rejectDialog}
        title="Reject maintenance request"
        message={
          rejecting.request && (
            <>
              Reject “{rejecting.request.description}” for <strong>{vehicleName(rejecting.request.vehicle)}</strong>, requested by{' '}
              {rejecting.request.requestedBy.name}?
            </>
          )
        }
      />
      <CompleteMaintenanceModal request={completing.request} opened={completing.opened} onClose={completing.close} />
      {canCreate && <MaintenanceFormModal opened={scheduling} onClose={() => setScheduling(false)} />}
    </>
  );
}
