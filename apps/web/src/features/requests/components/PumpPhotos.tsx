import { Anchor, Group, Image, Stack, Text } from '@mantine/core';
import type { FuelEvidence } from '@fleetfuel/contract';
import { formatDateTime } from '@/lib/format';
import { useRequestRecord } from '../api';

/** The odometer photos the station took at the pump (issue 42), each opening full size. */
export function EvidencePhotos({ evidence }: { evidence: readonly FuelEvidence[] }) {
  if (evidence.length === 0) return null;
  return (
    <Stack gap={6} role="group" aria-label="Photos at the pump">
      <Text size="xs" c="dimmed" fw={500}>
        Photos at the pump
      </Text>
      <Group gap="sm">
        {evidence.map((photo, index) => (
          <Anchor key={photo.id} href={photo.url} target="_blank" rel="noopener noreferrer">
            <Image
              src={photo.url}
              alt={`Odometer photo ${index + 1}, by ${photo.uploadedBy.name}, ${formatDateTime(photo.uploadedAt)}`}
              h={96}
              w={128}
              fit="cover"
              radius="sm"
            />
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}

/** The photos of a request shown from a list (whose rows carry none): read with the request's own record. */
export function PumpPhotos({ requestId }: { requestId: string }) {
  const record = useRequestRecord('fuel', requestId);
  if (record.data?.kind !== 'fuel') return null;
  return <EvidencePhotos evidence={record.data.request.evidence} />;
}
