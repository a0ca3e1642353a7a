import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { FuelRequest } from '@fleetfuel/contract';
import { PrefetchLink } from '@/components/ui/PrefetchLink';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { formatCalendarDate, requestVolumeText } from '@/lib/format';
import { vehicleLabel } from '../dashboard-stats';

export interface RecentFuelActivityProps {
  requests: readonly FuelRequest[];
  /** Where the full list lives for this user, if anywhere. */
  viewAllPath: string | null;
}

/** Spec section 2: the latest fuel requests: vehicle, volume, station, status and supply date. */
export function RecentFuelActivity({ requests, viewAllPath }: RecentFuelActivityProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Recent Fuel Activity">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md">
          Recent Fuel Activity
        </Title>
        {viewAllPath && requests.length > 0 && (
          <Anchor component={PrefetchLink} to={viewAllPath} size="sm">
            View all
          </Anchor>
        )}
      </Group>
      {requests.length === 0 ? (
        <Text ta="center" c="dimmed" py="xl">
          No Record
        </Text>
      ) : (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {requests.map((request, index) => (
            <Group
              key={request.id}
              component="li"
              justify="space-between"
              align="center"
              gap="sm"
              wrap="nowrap"
              py="sm"
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
            >
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {vehicleLabel(request.vehicle)}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {request.station.name} · {formatCalendarDate(request.supplyDate)}
                </Text>
              </Stack>
              <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                  {requestVolumeText(request).main}
                </Text>
                <StatusBadge status={request.status} />
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
