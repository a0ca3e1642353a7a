import { Badge, Group } from '@mantine/core';
import { FUEL_UNITS, type SoldFuelType } from '@fleetfuel/contract';

const FUEL_COLORS: Record<SoldFuelType, string> = {
  PETROL: 'orange',
  DIESEL: 'indigo',
  ELECTRIC: 'cyan',
  CNG: 'grape',
};

/** The fuels a station sells, each with the unit it is sold in. */
export function FuelBadges({ fuels }: { fuels: readonly SoldFuelType[] }) {
  return (
    <Group gap={4}>
      {fuels.map((fuel) => (
        <Badge
          key={fuel}
          color={FUEL_COLORS[fuel]}
          variant="light"
          radius="sm"
          // Badges shout in capitals by default, which would turn kWh into KWH.
          styles={{ root: { textTransform: 'none' }, label: { overflow: 'visible' } }}
        >
          {fuel} · {FUEL_UNITS[fuel]}
        </Badge>
      ))}
    </Group>
  );
}
