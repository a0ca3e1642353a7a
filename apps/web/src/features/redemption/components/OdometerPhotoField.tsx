import { useRef, useState, type ChangeEvent } from 'react';
import { Alert, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { PHOTO_UNREADABLE, blobToDataUrl, shrinkPhoto, type OdometerPhoto } from '../odometer-photo';

export interface OdometerPhotoFieldProps {
  value: OdometerPhoto | null;
  onChange: (photo: OdometerPhoto | null) => void;
  /** Set by the form when it is sent without the photo. */
  error: string | null;
}

/**
 * "Odometer photo" (issue 42): the phone's camera opens (a file picker elsewhere), and the picture
 * is shrunk on the device before it is shown and kept, so that it travels fast on a weak network.
 */
export function OdometerPhotoField({ value, onChange, error }: OdometerPhotoFieldProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setBusy(true);
    try {
      const blob = await shrinkPhoto(file);
      onChange({ blob, dataUrl: await blobToDataUrl(blob) });
      setProblem(null);
    } catch {
      setProblem(PHOTO_UNREADABLE);
    } finally {
      setBusy(false);
    }
  };

  const message = problem ?? error;
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Odometer photo <span aria-hidden>*</span>
        </Text>
        {value ? (
          <Image src={value.dataUrl} alt="Photo of the odometer" h={140} w="auto" fit="contain" radius="sm" />
        ) : (
          <Text size="sm" c="dimmed">
            Required by the organization: the odometer's digits, readable.
          </Text>
        )}
        <Group gap="xs">
          <Button
            variant={value ? 'default' : 'filled'}
            leftSection={<IconCamera size={18} aria-hidden />}
            loading={busy}
            onClick={() => fileRef.current?.click()}
          >
            {value ? 'Retake Photo' : 'Take Odometer Photo'}
          </Button>
        </Group>
        <input
          ref={fileRef}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          capture="environment"
          hidden
          aria-label="Odometer photo file"
          onChange={(event) => void onFile(event)}
        />
        {message && (
          <Alert color="red" variant="light" role="alert" p="xs">
            {message}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
