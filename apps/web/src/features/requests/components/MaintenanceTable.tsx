import { useMemo, type ReactNode } from 'react';
import { IconCircleCheck, IconDownload, IconEye } from '@tabler/icons-react';
import type { MaintenanceRequest, PageMeta } from '@fleetfuel/contract';
import { DataTable, type DataTableColumn, type DataTableSorting } from '@/components/ui/DataTable';
import { RowAction } from '@/components/ui/RowAction';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { formatCalendarDate, formatCurrency, formatDate } from '@/lib/format';
import { vehicleDetail, vehicleName } from '../request-labels';
import { DecisionActions, RowControls, TwoLines } from './RequestParts';

export interface MaintenanceActions {
  canApprove: boolean;
  canDownload: boolean;
  onView: (request: MaintenanceRequest) => void;
  onApprove: (request: MaintenanceRequest) => void;
  onReject: (request: MaintenanceRequest) => void;
  onDownload: (request: MaintenanceRequest) => void;
  /** ADMINISTRATOR: close an approved job that no station services. */
  onComplete: (request: MaintenanceRequest) => void;
}

export interface MaintenanceTableProps {
  rows: readonly MaintenanceRequest[] | undefined;
  meta: PageMeta | undefined;
  loading: boolean;
  /** The search the list applies (from the address) and its server-side sort. */
  search?: string;
  sorting?: DataTableSorting | undefined;
  onPageChange: (page: number) => void;
  onSearchChange: (search: string) => void;
  toolbar?: ReactNode;
  showOrganization: boolean;
  actions: MaintenanceActions;
}

function rowName(request: MaintenanceRequest): string {
  return `${vehicleName(request.vehicle)}, ${request.description.slice(0, 40)} on ${formatCalendarDate(request.date)}`;
}

/** What a job costs: the final cost once there is one, else the estimate. */
function costOf(request: MaintenanceRequest): { main: string; detail: string } {
  if (request.finalCost !== null && request.finalCost !== request.cost) {
    return { main: formatCurrency(request.finalCost), detail: `Estimate ${formatCurrency(request.cost)}` };
  }
  return { main: formatCurrency(request.cost), detail: request.status === 'COMPLETED' ? 'Final' : 'Estimate' };
}

export function MaintenanceTable({
  rows,
  meta,
  loading,
  onPageChange,
  onSearchChange,
  search,
  sorting,
  toolbar,
  showOrganization,
  actions,
}: MaintenanceTableProps) {
  const columns = useMemo<DataTableColumn<MaintenanceRequest>[]>(() => {
    const list: DataTableColumn<MaintenanceRequest>[] = [
      {
        key: 'vehicle',
        header: 'Vehicle',
        render: (r) => <TwoLines main={vehicleName(r.vehicle)} detail={vehicleDetail(r.vehicle)} />,
      },
    ];
    if (showOrganization) list.push({ key: 'organization', header: 'Client', render: (r) => r.organization.name });
    list.push(
      {
        key: 'description',
        header: 'Job',
        render: (r) => <TwoLines main={r.description} detail={r.fuelStation ? `At ${r.fuelStation.name}` : 'No station'} />,
      },
      {
        key: 'requestedBy',
        header: 'Requested By',
        render: (r) => <TwoLines main={r.requestedBy.name} detail={formatDate(r.createdAt)} />,
      },
      { key: 'date', header: 'Date', noWrap: true, render: (r) => formatCalendarDate(r.date) },
      {
        key: 'cost',
        header: 'Cost',
        noWrap: true,
        render: (r) => {
          const cost = costOf(r);
          return <TwoLines main={cost.main} detail={cost.detail} />;
        },
      },
      { key: 'status', header: 'Status', noWrap: true, render: (r) => <StatusBadge status={r.status} /> },
      {
        key: 'actions',
        header: 'Actions',
        noWrap: true,
        render: (r) => {
          const name = rowName(r);
          const pending = r.status === 'PENDING';
          const approved = r.status === 'APPROVED';
          return (
            <RowControls>
              {actions.canApprove && pending && (
                <DecisionActions name={name} onApprove={() => actions.onApprove(r)} onReject={() => actions.onReject(r)} />
              )}
              {actions.canApprove && approved && r.fuelStation === null && (
                <RowAction
                  label={`Mark Completed ${name}`}
                  tooltip="Mark Completed"
                  color="green"
                  icon={<IconCircleCheck size={18} aria-hidden />}
                  onClick={() => actions.onComplete(r)}
                />
              )}
              {actions.canDownload && approved && (
                <RowAction
                  label={`Download Work Order ${name}`}
                  tooltip="Download Work Order"
                  icon={<IconDownload size={18} aria-hidden />}
                  onClick={() => actions.onDownload(r)}
                />
              )}
              <RowAction
                label={`View ${name}`}
                tooltip="View"
                color="gray"
                icon={<IconEye size={18} aria-hidden />}
                onClick={() => actions.onView(r)}
              />
            </RowControls>
          );
        },
      },
    );
    return list;
  }, [showOrganization, actions]);

  return (
    <DataTable
      label="Maintenance requests"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      meta={meta}
      loading={loading}
      onPageChange={onPageChange}
      onSearchChange={onSearchChange}
      search={search ?? ''}
      sorting={sorting}
      searchPlaceholder="Search vehicle, job, requester or station"
      toolbar={toolbar}
      minWidth={showOrganization ? 960 : 880}
      onRowClick={actions.onView}
    />
  );
}
