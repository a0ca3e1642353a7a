import { useMemo } from 'react';
import { IconDownload, IconQrcode } from '@tabler/icons-react';
import type { FuelRequest } from '@fleetfuel/contract';
import { RowAction } from '@/components/ui/RowAction';
import { formatCalendarDate, formatVolume, requestVolumeText } from '@/lib/format';
import { calendarDateColumn, requestColumns, requestedByColumn, type RequestRowActions } from '../request-columns';
import { vehicleName } from '../request-labels';
import { RequestFlagMarker } from './RequestFlagMarker';
import { TwoLines } from './RequestParts';
import { RequestTable, type RequestTableProps } from './RequestTable';

export interface FuelRequestActions extends RequestRowActions<FuelRequest> {
  /** Download the coupon and show its code (approved requests). */
  canCoupon: boolean;
  onDownload: (request: FuelRequest) => void;
  onShowCode: (request: FuelRequest) => void;
  /** The request whose coupon is downloading, if any. */
  downloadingId: string | null;
}

export interface FuelRequestsTableProps extends RequestTableProps<FuelRequest> {
  actions: FuelRequestActions;
  label?: string;
}

/** The row's short name in action labels: "LND-451-KJ, 40 L on 21 Nov 2026". */
function rowName(request: FuelRequest): string {
  return `${vehicleName(request.vehicle)}, ${formatVolume(request.volume, request.unit)} on ${formatCalendarDate(request.supplyDate)}`;
}

export function FuelRequestsTable({ showOrganization, actions, label = 'Fuel requests', ...table }: FuelRequestsTableProps) {
  const columns = useMemo(
    () =>
      requestColumns<FuelRequest>({
        showOrganization,
        vehicleMarker: (r) => <RequestFlagMarker flags={r.flags} />,
        details: [
          requestedByColumn(),
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
          calendarDateColumn('supplyDate', 'Supply Date', (r) => r.supplyDate),
        ],
        rowName,
        actions,
        moreActions: (r, name) =>
          actions.canCoupon &&
          r.status === 'APPROVED' && (
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
          ),
      }),
    [showOrganization, actions],
  );

  return (
    <RequestTable
      {...table}
      label={label}
      columns={columns}
      showOrganization={showOrganization}
      searchPlaceholder="Search vehicle, station or code"
      onRowClick={actions.onView}
    />
  );
}
