/** The columns the fuel request and maintenance tables share, in one builder (the two lists of spec section 2). */
import type { ReactNode } from 'react';
import { Group } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { DataTableColumn } from '@/components/ui/DataTable';
import { RowAction } from '@/components/ui/RowAction';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { formatCalendarDate, formatDate } from '@/lib/format';
import { vehicleDetail, vehicleName, type VehicleRef } from './request-labels';
import { DecisionActions, RowControls, TwoLines } from './components/RequestParts';

/** What every request row has: a fuel request and a maintenance job alike. */
export interface RequestRow {
  id: string;
  status: string;
  vehicle: VehicleRef;
  organization: { name: string };
  requestedBy: { name: string };
  createdAt: string;
}

/** The row actions every request table has. */
export interface RequestRowActions<Row> {
  /** ADMINISTRATOR: approve and reject pending requests. */
  canApprove: boolean;
  onView: (request: Row) => void;
  onApprove: (request: Row) => void;
  onReject: (request: Row) => void;
}

export interface RequestColumnsOptions<Row extends RequestRow> {
  /** ADMIN sees every organization's requests, so the Client column. */
  showOrganization: boolean;
  /** Drawn beside the vehicle's two lines (a fuel request's flags). */
  vehicleMarker?: (request: Row) => ReactNode;
  /** The request's own columns, between the Client and the Status (`requestedByColumn`, `calendarDateColumn`…). */
  details: DataTableColumn<Row>[];
  /** The row's short name in its action labels: "LND-451-KJ, 40 L on 21 Nov 2026". */
  rowName: (request: Row) => string;
  actions: RequestRowActions<Row>;
  /** The request's own actions, after a pending one's decisions and before View. */
  moreActions?: (request: Row, name: string) => ReactNode;
}

/**
 * A request table's columns: Vehicle, Client (ADMIN), the request's own, Status, and Actions (a
 * pending request's Approve and Reject for those who decide, the request's own, then View).
 */
export function requestColumns<Row extends RequestRow>({
  showOrganization,
  vehicleMarker,
  details,
  rowName,
  actions,
  moreActions,
}: RequestColumnsOptions<Row>): DataTableColumn<Row>[] {
  const vehicle = (r: Row) => <TwoLines main={vehicleName(r.vehicle)} detail={vehicleDetail(r.vehicle)} />;
  return [
    {
      key: 'vehicle',
      header: 'Vehicle',
      render: vehicleMarker
        ? (r) => (
            <Group gap={6} wrap="nowrap">
              {vehicle(r)}
              {vehicleMarker(r)}
            </Group>
          )
        : vehicle,
    },
    ...(showOrganization ? [{ key: 'organization', header: 'Client', render: (r: Row) => r.organization.name }] : []),
    ...details,
    { key: 'status', header: 'Status', noWrap: true, render: (r) => <StatusBadge status={r.status} /> },
    {
      key: 'actions',
      header: 'Actions',
      noWrap: true,
      render: (r) => {
        const name = rowName(r);
        return (
          <RowControls>
            {actions.canApprove && r.status === 'PENDING' && (
              <DecisionActions name={name} onApprove={() => actions.onApprove(r)} onReject={() => actions.onReject(r)} />
            )}
            {moreActions?.(r, name)}
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
  ];
}

/** Who asked, and when. */
export function requestedByColumn<Row extends RequestRow>(): DataTableColumn<Row> {
  return {
    key: 'requestedBy',
    header: 'Requested By',
    render: (r) => <TwoLines main={r.requestedBy.name} detail={formatDate(r.createdAt)} />,
  };
}

/** A calendar day of the request (the supply date, the job's date). */
export function calendarDateColumn<Row>(key: string, header: string, date: (request: Row) => string): DataTableColumn<Row> {
  return { key, header, noWrap: true, render: (r) => formatCalendarDate(date(r)) };
}
