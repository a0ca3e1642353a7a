import { useRef, useState, type ChangeEvent } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCamera, IconCircleCheck, IconPhoto } from '@tabler/icons-react';
import { NO_QR_IN_IMAGE, QR_READER_FAILED } from '../camera-errors';
import type { StickerClaims, StickerVerdict } from '../offline/verify-sticker';
import { loadQrDecoder } from '../qr/load';
import { CameraScanner } from './CameraScanner';

/** A sticker read and accepted for the coupon's vehicle. */
export interface ScannedSticker {
  payload: string;
  claims: StickerClaims;
}

export interface VehicleStickerFieldProps {
  value: ScannedSticker | null;
  onChange: (sticker: ScannedSticker | null) => void;
  /** Checks what was read against the coupon's vehicle (online: what it names; offline: its signature too). */
  check: (payload: string) => StickerVerdict | Promise<StickerVerdict>;
  /** Set by the form when it is sent without a sticker. */
  error: string | null;
}

/**
 * "Vehicle sticker" (issue 42): the attendant scans the windscreen sticker with the camera or
 * chooses a picture of it; a sticker of another vehicle is refused here, before the server does.
 */
export function VehicleStickerField({ value, onChange, check, error }: VehicleStickerFieldProps) {
  const [scanning, setScanning] = useState(false);
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const accept = async (raw: string) => {
    setScanning(false);
    const verdict = await check(raw.trim());
    if (verdict.valid) {
      setProblem(null);
      onChange({ payload: raw.trim(), claims: verdict.claims });
    } else {
      setProblem(verdict.message);
      onChange(null);
    }
  };

  const onImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setReading(true);
    try {
      const decode = await loadQrDecoder().catch(() => null);
      const raw = decode ? await decode(file).catch(() => undefined) : undefined;
      if (raw === undefined) setProblem(QR_READER_FAILED);
      else if (raw === null) setProblem(NO_QR_IN_IMAGE);
      else await accept(raw);
    } finally {
      setReading(false);
    }
  };

  const shown = problem ?? error;
  return (
    <Paper withBorder radius="sm" p="sm" role="group" aria-label="Vehicle sticker">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Vehicle sticker
        </Text>
        <Text size="sm" c="dimmed">
          This organization requires the vehicle&apos;s windscreen sticker: scan it before dispensing.
        </Text>
        {value && (
          <Group gap={6}>
            <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
            <Text size="sm" role="status">
              Sticker read: <strong>{value.claims.plate ?? 'vehicle without a plate'}</strong>
            </Text>
          </Group>
        )}
        <Group gap="sm" wrap="wrap">
          <Button variant="light" leftSection={<IconCamera size={16} aria-hidden />} onClick={() => setScanning(true)}>
            {value ? 'Scan Again' : 'Scan Sticker'}
          </Button>
          <Button
            variant="light"
            leftSection={<IconPhoto size={16} aria-hidden />}
            loading={reading}
            onClick={() => fileRef.current?.click()}
          >
            Choose Sticker Picture
          </Button>
          <input
            ref={fileRef}
            type="file"
            accept="image/*"
            aria-label="Sticker image file"
            hidden
            onChange={(event) => void onImage(event)}
          />
        </Group>
        {shown && (
          <Alert color="red" variant="light" role="alert">
            {shown}
          </Alert>
        )}
      </Stack>
      <CameraScanner opened={scanning} onClose={() => setScanning(false)} onDetected={(raw) => void accept(raw)} />
    </Paper>
  );
}
