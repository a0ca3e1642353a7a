import { Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { FUEL_UNITS, SOLD_FUEL_TYPES, type SoldFuelType } from '@fleetfuel/contract';
import { formatStatNumber } from '@/lib/format';

interface ReserveSummary {
  fuelType: SoldFuelType;
  unit: string;
  remaining: number;
  total: number;
  pending: number;
}

/** One card per fuel type: what the active reserves still hold, of what they held, and what awaits approval. */
export function ReserveCards({ summary }: { summary: readonly ReserveSummary[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      {SOLD_FUEL_TYPES.map((fuelType) => {
        const figures = summary.find((s) => s.fuelType === fuelType);
        const unit = figures?.unit ?? FUEL_UNITS[fuelType];
        const remaining = figures?.remaining ?? 0;
        const total = figures?.total ?? 0;
        const pending = figures?.pending ?? 0;
        const percent = total > 0 ? Math.round((remaining / total) * 100) : 0;
        return (
          <Paper key={fuelType} withBorder radius="md" p="md" aria-label={`${fuelType} reserve`} component="section">
            <Stack gap={6}>
              <Text size="sm" c="dimmed" fw={500}>
                {fuelType} Reserve
              </Text>
              <Text fz={24} fw={700} lh={1.2}>
                {formatStatNumber(remaining)}
                <Text span fz="sm" fw={500} c="dimmed" ml={4}>
                  {unit} left
                </Text>
              </Text>
              <Progress value={percent} size="sm" radius="xl" aria-label={`${fuelType} reserve remaining`} />
              <Text size="xs" c="dimmed">
                of {formatStatNumber(total)} {unit} approved · {formatStatNumber(pending)} {unit} pending
              </Text>
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
