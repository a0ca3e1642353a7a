import { Anchor, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCar } from '@tabler/icons-react';
import type { SessionUser } from '@fleetfuel/contract';
import { PrefetchLink } from '@/components/ui/PrefetchLink';
import { assetDetailsPath, vehicleLabel } from '../dashboard-stats';

const FUEL_LABELS: Record<NonNullable<SessionUser['vehicle']>['fuelType'], string> = {
  PETROL: 'Petrol',
  DIESEL: 'Diesel',
  ELECTRIC: 'Electric',
  HYBRID: 'Hybrid',
};

/** A driver's own vehicle, from the signed-in user, with a way to its details. */
export function MyVehicleCard({ vehicle }: { vehicle: SessionUser['vehicle'] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="My Vehicle">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={44} radius="md" aria-hidden>
          <IconCar size={24} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Title order={2} fz="sm" c="dimmed" fw={500}>
            My Vehicle
          </Title>
          {vehicle ? (
            <>
              <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                {vehicleLabel(vehicle)}
              </Text>
              <Text size="sm" c="dimmed">
                {vehicle.make} {vehicle.model} · {FUEL_LABELS[vehicle.fuelType]}
              </Text>
              <Anchor component={PrefetchLink} to={assetDetailsPath(vehicle.id)} size="sm" mt={4} w="fit-content">
                <Group component="span" gap={4} wrap="nowrap">
                  View details
                  <IconArrowRight size={14} aria-hidden />
                </Group>
              </Anchor>
            </>
          ) : (
            <Text size="sm">No vehicle is assigned to you yet. Your organization admin assigns one.</Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
