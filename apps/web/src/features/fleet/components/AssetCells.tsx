import { Anchor, Avatar, Group, Stack, Text } from '@mantine/core';
import { IconBolt, IconCar, IconMotorbike } from '@tabler/icons-react';
import type { AssetType, Vehicle } from '@fleetfuel/contract';
import { PrefetchLink } from '@/components/ui/PrefetchLink';
import { EMPTY_VALUE, assetName, keeperLabel } from '../fleet-labels';

const TYPE_ICONS: Record<AssetType, typeof IconCar> = {
  VEHICLE: IconCar,
  GENERATOR: IconBolt,
  MOTORCYCLE: IconMotorbike,
};

export function assetDetailsPath(id: string): string {
  return `/assets/details?id=${encodeURIComponent(id)}`;
}

export function AssetAvatar({ vehicle, size = 40 }: { vehicle: Pick<Vehicle, 'imageUrl' | 'type'>; size?: number }) {
  const Icon = TYPE_ICONS[vehicle.type];
  return (
    <Avatar src={vehicle.imageUrl} radius="md" size={size} color="teal" alt="" aria-hidden>
      <Icon size={Math.round(size / 2)} />
    </Avatar>
  );
}

/** The asset's picture, plate and make/model, linking to its details. */
export function AssetIdentity({ vehicle }: { vehicle: Vehicle }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <AssetAvatar vehicle={vehicle} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor component={PrefetchLink} to={assetDetailsPath(vehicle.id)} fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {assetName(vehicle)}
        </Anchor>
        {vehicle.plateNumber !== null && (
          <Text size="xs" c="dimmed">
            {vehicle.make} {vehicle.model}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** The driver (or, for a generator, the care taker) in a table cell. */
export function KeeperCell({ vehicle, showRole }: { vehicle: Vehicle; showRole: boolean }) {
  if (!vehicle.driver) return <Text c="dimmed">{EMPTY_VALUE}</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm">{vehicle.driver.name}</Text>
      {showRole && (
        <Text size="xs" c="dimmed">
          {keeperLabel(vehicle.type)}
        </Text>
      )}
    </Stack>
  );
}
