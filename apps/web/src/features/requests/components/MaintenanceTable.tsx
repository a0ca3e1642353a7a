import { useMemo } from 'react';
import { IconCircleCheck, IconDownload } from '@tabler/icons-react';
import type { MaintenanceRequest } from '@fleetfuel/contract';
import { RowAction } from '@/components/ui/RowAction';
import { formatCalendarDate, formatCurrency } from '@/lib/format';
import { calendarDateColumn, requestColumns, requestedByColumn, type RequestRowActions } from '../request-columns';
import { vehicleName } from '../request-labels';
import { TwoLines } from './RequestParts';
import { RequestTable, type RequestTableProps } from './RequestTable';

export interface MaintenanceActions extends RequestRowActions<MaintenanceRequest> {
  canDownload: boolean;
  onDownload: (request: MaintenanceRequest) => void;
  /** ADMINISTRATOR: close an approved job that no station services. */
  onComplete: (request: MaintenanceRequest) => void;
}

export interface MaintenanceTableProps extends RequestTableProps<MaintenanceRequest> {
  onSearchChange: (search: string) => void;
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

export function MaintenanceTable({ showOrganization, actions, ...table }: MaintenanceTableProps) {
  const columns = useMemo(
    () =>
      requestColumns<MaintenanceRequest>({
        showOrganization,
        details: [
          {
            key: 'description',
            header: 'Job',
            render: (r) => <TwoLines main={r.description} detail={r.fuelStation ? `At ${r.fuelStation.name}` : 'No station'} />,
          },
          requestedByColumn(),
          calendarDateColumn('date', 'Date', (r) => r.date),
          {
            key: 'cost',
            header: 'Cost',
            noWrap: true,
            render: (r) => {
              const cost = costOf(r);
              return <TwoLines main={cost.main} detail={cost.detail} />;
            },
          },
        ],
        rowName,
        actions,
        moreActions: (r, name) => {
          const approved = r.status === 'APPROVED';
          return (
            <>
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
            </>
          );
        },
      }),
    [showOrganization, actions],
  );

  return (
    <RequestTable
      {...table}
      label="Maintenance requests"
      columns={columns}
      showOrganization={showOrganization}
      searchPlaceholder="Search vehicle, job, requester or station"
      onRowClick={actions.onView}
    />
  );
}
