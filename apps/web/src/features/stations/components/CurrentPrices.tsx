import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { FuelPrice } from '@fleetfuel/contract';
import { formatCurrency, formatDate } from '@/lib/format';
import { usePrices } from '../api';

function PriceFigure({ price }: { price: FuelPrice }) {
  return (
    <Text fz={24} fw={700} lh={1.2}>
      {formatCurrency(price.pricePerLitre)}
      <Text span fz="sm" fw={500} c="dimmed" ml={4}>
        / {price.unit}
      </Text>
    </Text>
  );
}

/** A fuel's current price and since when it holds; `withSetter` adds who set it. */
export function PriceSummary({ price, gap, withSetter = false }: { price: FuelPrice; gap: number; withSetter?: boolean }) {
  return (
    <Stack gap={gap}>
      <Text size="sm" fw={600}>
        {price.fuelType}
      </Text>
      <PriceFigure price={price} />
      <Text size="xs" c="dimmed">
        Since {formatDate(price.createdAt)}
        {withSetter && price.setBy ? `, set by ${price.setBy.name}` : ''}
      </Text>
    </Stack>
  );
}

/** A station's current price of each fuel, as the platform admin sees it on the station's page. */
export function CurrentPrices({ stationId }: { stationId: string }) {
  const prices = usePrices({ stationId, page: 1, pageSize: 1 });
  const current = prices.data?.current ?? [];

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Title order={3} fz="lg" mb="md">
        Current Prices
      </Title>
      {prices.isPending ? (
        <Text size="sm" c="dimmed">
          Loading prices…
        </Text>
      ) : current.length === 0 ? (
        <Text size="sm" c="dimmed">
          No Record
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {current.map((price) => (
            <Paper key={price.id} withBorder radius="md" p="md" bg="gray.0">
              <PriceSummary price={price} gap={4} />
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}
