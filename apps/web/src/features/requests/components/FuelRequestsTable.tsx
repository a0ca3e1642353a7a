import { useMemo, type ReactNode } from 'react';
import { Group } from '@mantine/core';
import { IconDownload, IconEye, IconQrcode } from '@tabler/icons-react';
import type { FuelRequest, PageMeta } from '@fleetfuel/contract';
import { DataTable, type DataTableColumn, type DataTableSorting } from '@/components/ui/DataTable';
import { RowAction } from '@/components/ui/RowAction';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { formatCalendarDate, formatDate, formatVolume, requestVolumeText } from '@/lib/format';
import { vehicleDetail, vehicleName } from '../request-labels';
import { RequestFlagMarker } from './RequestFlagMarker';
import { DecisionActions, RowControls, TwoLines } from './RequestParts';

export interface FuelRequestActions {
  /** ADMINISTRATOR: approve and reject pending requests. */
  canApprove: boolean;
  /** Download the coupon and show its code (approved requests). */
  canCoupon: boolean;
  onView: (request: FuelRequest) => void;
  onApprove: (request: FuelRequest) => void;
  onReject: (request: FuelRequest) => void;
  onDownload: (request: FuelRequest) => void;
  onShowCode: (request: FuelRequest) => void;
  /** The request whose coupon is downloading, if any. */
  downloadingId: string | null;
}

export interface FuelRequestsTableProps {
  rows: readonly FuelRequest[] | undefined;
  meta: PageMeta | undefined;
  loading: boolean;
  /** The search the list applies (from the address) and its server-side sort. */
  search?: string;
  sorting?: DataTableSorting | undefined;
  onPageChange: (page: number) => void;
  onSearchChange?: (search: string) => void;
  toolbar?: ReactNode;
  /** ADMIN sees every organization's requests, so the Client column. */
  showOrganization: boolean;
  actions: FuelRequestActions;
  label?: string;
}

/** The row's short name in action labels: "LND-451-KJ, 40 L on 21 Nov 2026". */
function rowName(request: FuelRequest): string {
  return `${vehicleName(request.vehicle)}, ${formatVolume(request.volume, request.unit)} on ${formatCalendarDate(request.supplyDate)}`;
}

export function FuelRequestsTable({
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
  label = 'Fuel requests',
}: FuelRequestsTableProps) {
  const columns = useMemo<DataTableColumn<FuelRequest>[]>(() => {
    const list: DataTableColumn<FuelRequest>[] = [
      {
        key: 'vehicle',
        header: 'Vehicle',
        render: (r) => (
          <Group gap={6} wrap="nowrap">
            <TwoLines main={vehicleName(r.vehicle)} detail={vehicleDetail(r.vehicle)} />
            <RequestFlagMarker flags={r.flags} />
          </Group>
        ),
      },
    ];
    if (showOrganization) list.push({ key: 'organization', header: 'Client', render: (r) => r.organization.name });
    list.push(
      {
        key: 'requestedBy',
        header: 'Requested By',
        render: (r) => <TwoLines main={r.requestedBy.name} detail={formatDate(r.createdAt)} />,
      },
      { key: 'station', header: 'Station', render: (r) => r.station.name },
      {
        key: 'volume',
        header: 'Fuel / Volume',
        noWrap: true,
        render: (r) => {
          const shown = requestVolumeText(r);
          return <TwoLines main={shown.main} detail={shown.detail ? `${r.fuelType}, ${shown.detail}` : r.fuelType} />;
        },
      },
      { key: 'supplyDate', header: 'Supply Date', noWrap: true, render: (r) => formatCalendarDate(r.supplyDate) },
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
              {actions.canCoupon && approved && (
                <>
                  <RowAction
                    label={`Download Coupon ${name}`}
                    tooltip={actions.downloadingId === r.id ? 'Downloading…' : 'Download Coupon'}
                    icon={<IconDownload size={18} aria-hidden />}
                    onClick={() => actions.onDownload(r)}
                  />
                  <RowAction
                    label={`Show QR/Code ${name}`}
                    tooltip="Show QR/Code"
                    icon={<IconQrcode size={18} aria-hidden />}
                    onClick={() => actions.onShowCode(r)}
                  />
                </>
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
      label={label}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      meta={meta}
      loading={loading}
      onPageChange={onPageChange}
      onSearchChange={onSearchChange}
      search={search ?? ''}
      sorting={sorting}
      searchPlaceholder="Search vehicle, station or code"
      toolbar={toolbar}
      minWidth={showOrganization ? 960 : 880}
      onRowClick={actions.onView}
    />
  );
}
