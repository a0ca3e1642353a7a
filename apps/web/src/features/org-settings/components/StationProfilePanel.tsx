import { Avatar, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { SessionUser } from '@fleetfuel/contract';
import { statusLabel } from '@/components/ui/StatusBadge';
import { formatCurrency, formatDateTime } from '@/lib/format';
import { useOwnStationPrices } from '../api';

/** The attendant's station, read-only: its name and the prices it sells at today. */
export function StationProfilePanel({ user }: { user: SessionUser }) {
  const prices = useOwnStationPrices();
  const station = user.fuelStation;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Group gap="md" wrap="nowrap">
          <Avatar src={station?.imageUrl} name={station?.name} color="initials" size={56} radius="md" alt="" />
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              Your station
            </Text>
            <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {station?.name ?? 'No station'}
            </Title>
            <Text size="sm" c="dimmed">
              Your station representative manages its details and prices.
            </Text>
          </div>
        </Group>
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Title order={3} size="h4" mb="sm">
          Current prices
        </Title>
        {prices.isPending && <Skeleton height={120} radius="md" />}
        {prices.data && prices.data.current.length === 0 && <Text c="dimmed">No Record</Text>}
        {prices.data && prices.data.current.length > 0 && (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="sm" aria-label="Current prices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Fuel</Table.Th>
                  <Table.Th>Price</Table.Th>
                  <Table.Th>Since</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {prices.data.current.map((price) => (
                  <Table.Tr key={price.id}>
                    <Table.Td>{statusLabel(price.fuelType)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatCurrency(price.pricePerLitre)} / {price.unit}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(price.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
