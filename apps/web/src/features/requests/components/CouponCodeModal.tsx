import { Alert, Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import type { FuelRequest } from '@fleetfuel/contract';
import { formatCalendarDate, formatCurrency, formatDateTime, formatVolume } from '@/lib/format';
import { vehicleDetail, vehicleName } from '../request-labels';
import { DetailList } from './RequestParts';

export interface CouponCodeModalProps {
  request: FuelRequest | null;
  opened: boolean;
  onClose: () => void;
  onDownload: (request: FuelRequest) => void;
  downloading: boolean;
}

/**
 * "Show QR/Code": the coupon code in large type, for the driver to read out or the attendant to
 * type. The signed QR code is printed on the coupon PDF, which the Download Coupon button fetches.
 */
export function CouponCodeModal({ request, opened, onClose, onDownload, downloading }: CouponCodeModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Coupon" centered>
      {request && (
        <Stack gap="md">
          <Box ta="center" py="sm" style={{ border: '2px dashed var(--mantine-color-teal-4)', borderRadius: 'var(--mantine-radius-md)' }}>
            <Text size="xs" c="dimmed" fw={500} tt="uppercase">
              Coupon code
            </Text>
            <Text
              aria-label="Coupon code"
              ff="monospace"
              fw={700}
              fz={{ base: 30, xs: 38 }}
              style={{ letterSpacing: '0.12em', userSelect: 'all' }}
            >
              {request.couponCode ?? '—'}
            </Text>
            <Text size="sm" c="dimmed">
              Expires {formatDateTime(request.couponExpiresAt)}
            </Text>
          </Box>
          <DetailList
            items={[
              { label: 'Vehicle', value: `${vehicleName(request.vehicle)} — ${vehicleDetail(request.vehicle)}` },
              { label: 'Volume (at most)', value: `${formatVolume(request.volume, request.unit)} of ${request.fuelType}` },
              {
                label: 'Station',
                value: request.station.address ? `${request.station.name}, ${request.station.address}` : request.station.name,
              },
              { label: 'Supply date', value: formatCalendarDate(request.supplyDate) },
              {
                label: 'Locked price',
                value: request.pricePerUnit === null ? '' : `${formatCurrency(request.pricePerUnit)} per ${request.unit}`,
              },
            ]}
          />
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
            The QR code is printed on the coupon PDF. At the station, show the QR code or read out this code.
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button leftSection={<IconDownload size={16} aria-hidden />} loading={downloading} onClick={() => onDownload(request)}>
              Download Coupon
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
