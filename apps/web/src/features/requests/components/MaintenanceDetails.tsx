import { Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { tankLevelLabel, type MaintenanceRequest } from '@fleetfuel/contract';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { formatCalendarDate, formatCurrency, formatDateTime, formatNumber } from '@/lib/format';
import { vehicleDetail, vehicleName } from '../request-labels';
import { DetailList, type DetailItem } from './RequestParts';

function who(person: { name: string } | null, at: string | null): string {
  if (!person) return '';
  return at ? `${person.name}, ${formatDateTime(at)}` : person.name;
}

export function maintenanceDetailItems(request: MaintenanceRequest, showOrganization: boolean): DetailItem[] {
  return [
    { label: 'Vehicle', value: `${vehicleName(request.vehicle)} — ${vehicleDetail(request.vehicle)}` },
    ...(showOrganization ? [{ label: 'Client', value: request.organization.name }] : []),
    { label: 'Requested by', value: who(request.requestedBy, request.createdAt) },
    { label: 'Date', value: formatCalendarDate(request.date) },
    {
      label: 'Station',
      value: request.fuelStation
        ? `${request.fuelStation.name}${request.fuelStation.address ? `, ${request.fuelStation.address}` : ''}`
        : 'No station (completed by the organization admin)',
    },
    { label: 'Estimated cost', value: formatCurrency(request.cost) },
    { label: 'Final cost', value: request.finalCost === null ? '' : formatCurrency(request.finalCost) },
    {
      label: 'Odometer',
      value: request.currentOdometerReading === null ? 'Not given' : `${formatNumber(request.currentOdometerReading)} km`,
    },
    { label: 'Tank level', value: request.currentTankLevel === null ? 'Not given' : tankLevelLabel(request.currentTankLevel) },
    { label: 'Note', value: request.note ?? '' },
    { label: 'Approved by', value: who(request.approvedBy, request.approvedAt) },
    { label: 'Rejected by', value: who(request.rejectedBy, request.rejectedAt) },
    { label: 'Rejection note', value: request.rejectionNote ?? '' },
    { label: 'Work order code', value: request.couponCode ?? '' },
    { label: 'Completed by', value: who(request.completedBy, request.completedAt) },
    { label: 'Amount paid', value: request.amount === null ? '' : formatCurrency(request.amount) },
  ];
}

export interface MaintenanceDetailsProps {
  request: MaintenanceRequest | null;
  opened: boolean;
  onClose: () => void;
  showOrganization: boolean;
  canDownload: boolean;
  onDownload: (request: MaintenanceRequest) => void;
  downloading: boolean;
}

export function MaintenanceDetails({
  request,
  opened,
  onClose,
  showOrganization,
  canDownload,
  onDownload,
  downloading,
}: MaintenanceDetailsProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Maintenance Request" size="lg" centered>
      {request && (
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Text fw={600}>
              {vehicleName(request.vehicle)} · {request.description}
            </Text>
            <StatusBadge status={request.status} />
          </Group>
          <Divider />
          <DetailList items={maintenanceDetailItems(request, showOrganization)} />
          {canDownload && request.status === 'APPROVED' && (
            <Group justify="flex-end">
              <Button leftSection={<IconDownload size={16} aria-hidden />} loading={downloading} onClick={() => onDownload(request)}>
                Download Work Order
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
