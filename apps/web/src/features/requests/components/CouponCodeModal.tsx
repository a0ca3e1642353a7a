import { Alert, Box, Button, Center, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import type { FuelRequest } from '@fleetfuel/contract';
import { formatCalendarDate, formatCurrency, formatDateTime, formatVolume } from '@/lib/format';
import { vehicleDetail, vehicleName } from '../request-labels';
import { DetailList, DownloadCouponButton } from './RequestParts';
import { CouponQrCode } from './CouponQrCode';

export interface CouponCodeModalProps {
  request: FuelRequest | null;
  opened: boolean;
  onClose: () => void;
  onDownload: (request: FuelRequest) => void;
  downloading: boolean;
}

/** Keeps the phone's screen on while the coupon is shown, where the browser allows it. */
function useScreenKeptAwake(active: boolean): void {
  useEffect(() => {
    if (!active || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let released = false;
    navigator.wakeLock
      .request('screen')
      .then((sentinel) => {
        if (released) void sentinel.release();
        else lock = sentinel;
      })
      // Refused (battery saver, no permission): the coupon still shows, the screen may dim.
      .catch(() => undefined);
    return () => {
      released = true;
      void lock?.release();
    };
  }, [active]);
}

/**
 * "Show QR/Code": the coupon's QR code, drawn from the signed payload the API sends with an approved
 * request, for the attendant to scan from the driver's phone, and the code in large type to read
 * out or type. Full screen on a phone, black on white, and the screen kept awake while it shows.
 */
export function CouponCodeModal({ request, opened, onClose, onDownload, downloading }: CouponCodeModalProps) {
  const phone = useMediaQuery('(max-width: 30em)');
  useScreenKeptAwake(opened && Boolean(request?.qrPayload));
  return (
    <Modal opened={opened} onClose={onClose} title="Coupon" centered fullScreen={phone}>
      {request && (
        <Stack gap="md">
          {request.qrPayload ? (
            <Center>
              <CouponQrCode payload={request.qrPayload} size={phone ? 340 : 300} />
            </Center>
          ) : (
            <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
              This coupon has no QR code to show now: only an approved coupon has one.
            </Alert>
          )}
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <DownloadCouponButton downloading={downloading} onClick={() => onDownload(request)} />
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
