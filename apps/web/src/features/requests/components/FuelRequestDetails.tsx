import { Alert, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { tankLevelLabel, type FuelRequest } from '@fleetfuel/contract';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { formatCalendarDate, formatCurrency, formatDateTime, formatNumber, formatVolume } from '@/lib/format';
import { vehicleDetail, vehicleName } from '../request-labels';
import { PumpPhotos } from './PumpPhotos';
import { DetailList, DownloadCouponButton, type DetailItem } from './RequestParts';

function who(person: { name: string } | null, at: string | null): string {
  if (!person) return '';
  return at ? `${person.name}, ${formatDateTime(at)}` : person.name;
}

export function fuelRequestDetailItems(request: FuelRequest, showOrganization: boolean): DetailItem[] {
  const unit = request.unit;
  return [
    { label: 'Vehicle', value: `${vehicleName(request.vehicle)} — ${vehicleDetail(request.vehicle)}` },
    ...(showOrganization ? [{ label: 'Client', value: request.organization.name }] : []),
    { label: 'Requested by', value: who(request.requestedBy, request.createdAt) },
    { label: 'Station', value: request.station.address ? `${request.station.name}, ${request.station.address}` : request.station.name },
    { label: 'Fuel', value: request.fuelType },
    { label: 'Volume requested', value: formatVolume(request.volume, unit) },
    { label: 'Supply date', value: formatCalendarDate(request.supplyDate) },
    {
      label: 'Odometer',
      value: request.currentOdometerReading === null ? 'Not given' : `${formatNumber(request.currentOdometerReading)} km`,
    },
    { label: 'Odometer not counted', value: request.odometerExclusion ?? '' },
    { label: 'Tank level', value: request.currentTankLevel === null ? 'Not given' : tankLevelLabel(request.currentTankLevel) },
    { label: 'Note', value: request.note ?? '' },
    { label: 'Approved by', value: who(request.approvedBy, request.approvedAt) },
    { label: 'Approval note', value: request.approvalNote ?? '' },
    { label: 'Rejected by', value: who(request.rejectedBy, request.rejectedAt) },
    { label: 'Rejection note', value: request.rejectionNote ?? '' },
    { label: 'Locked price', value: request.pricePerUnit === null ? '' : `${formatCurrency(request.pricePerUnit)} per ${unit}` },
    {
      label: 'Held on the wallet',
      value: request.heldAmount === null || request.status !== 'APPROVED' ? '' : formatCurrency(request.heldAmount),
    },
    { label: 'Coupon code', value: request.couponCode ?? '' },
    { label: 'Coupon expires', value: formatDateTime(request.couponExpiresAt) },
    { label: 'Redeemed by', value: who(request.redeemedBy, request.redeemedAt) },
    { label: 'Dispensed volume', value: request.dispensedVolume === null ? '' : formatVolume(request.dispensedVolume, unit) },
    { label: 'Amount paid', value: request.amount === null ? '' : formatCurrency(request.amount) },
  ];
}

export interface FuelRequestDetailsProps {
  request: FuelRequest | null;
  opened: boolean;
  onClose: () => void;
  showOrganization: boolean;
  canCoupon: boolean;
  onDownload: (request: FuelRequest) => void;
  downloading: boolean;
}

/** A request's whole story: who asked, who approved and when, who redeemed it, what was dispensed and paid. */
export function FuelRequestDetails({
  request,
  opened,
  onClose,
  showOrganization,
  canCoupon,
  onDownload,
  downloading,
}: FuelRequestDetailsProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Fuel Request" size="lg" centered>
      {request && (
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Text fw={600}>
              {vehicleName(request.vehicle)} · {formatVolume(request.volume, request.unit)} of {request.fuelType}
            </Text>
            <StatusBadge status={request.status} />
          </Group>
          <Divider />
          <DetailList items={fuelRequestDetailItems(request, showOrganization)} />
          {(request.status === 'APPROVED' || request.status === 'COMPLETED') && <PumpPhotos requestId={request.id} />}
          {request.status === 'EXPIRED' && (
            <Alert color="gray" variant="light">
              The coupon expired unused; the money held for it went back to the wallet.
            </Alert>
          )}
          {canCoupon && request.status === 'APPROVED' && (
            <Group justify="flex-end">
              <DownloadCouponButton downloading={downloading} onClick={() => onDownload(request)} />
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
