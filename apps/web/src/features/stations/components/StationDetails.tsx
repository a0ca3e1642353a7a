import { useState, type ReactNode } from 'react';
import { Alert, Avatar, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { StatusBadge } from '../../../components/ui/StatusBadge';
import { useStation } from '../api';
import { shortId } from '../station-form';
import { CurrentPrices } from './CurrentPrices';
import { FuelBadges } from './FuelBadges';
import { StationFormModal } from './StationFormModal';
import { formatCoordinates } from './StationsPanel';

export function stationWalletPath(id: string): string {
  return `/wallet?stationId=${encodeURIComponent(id)}`;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function BackLink() {
  return (
    <Button
      component={Link}
      to="/fuel-stations"
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      px={0}
      style={{ alignSelf: 'flex-start' }}
    >
      All fuel stations
    </Button>
  );
}

/**
 * One station: its name and details, its current prices and the way to its wallet. The page adds
 * the station's banking information below.
 */
export function StationDetails({ id }: { id: string | null }) {
  const station = useStation(id);
  const [editing, setEditing] = useState(false);

  if (id === null) {
    return (
      <Stack align="flex-start">
        <Alert color="yellow" title="No fuel station chosen">
          Open a station from the Fuel Stations table with its Manage action.
        </Alert>
        <BackLink />
      </Stack>
    );
  }
  if (station.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading fuel station" />
      </Center>
    );
  }
  if (!station.data) {
    return (
      <Stack align="flex-start">
        <Alert color="red" title="Fuel station not found">
          This fuel station does not exist or could not be loaded.
        </Alert>
        <BackLink />
      </Stack>
    );
  }

  const s = station.data;
  const coordinates = formatCoordinates(s);

  return (
    <Stack gap="lg">
      <BackLink />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="md">
          <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
            <Avatar src={s.imageUrl} name={s.name} alt={`${s.name} picture`} size={64} radius="md" color="teal" />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Title order={2} fz={{ base: 20, sm: 24 }}>
                {s.name}
              </Title>
              <Group gap="xs">
                <StatusBadge status={s.status} />
                <Text size="sm" c="dimmed" ff="monospace">
                  ID {shortId(s.id)}
                </Text>
              </Group>
            </Stack>
          </Group>
          <Group gap="sm">
            <Button component={Link} to={stationWalletPath(s.id)} leftSection={<IconWallet size={16} aria-hidden />}>
              Go to Wallet
            </Button>
            <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
              Edit
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg" mt="xl">
          <Detail label="Address">{s.address ?? '—'}</Detail>
          <Detail label="Coordinates">{coordinates ?? '—'}</Detail>
          <Detail label="Fuel Types">
            <FuelBadges fuels={s.availableFuels} />
          </Detail>
          <Detail label="Date Joined">{formatDate(s.createdAt)}</Detail>
        </SimpleGrid>
      </Paper>
      <CurrentPrices stationId={s.id} />
      <StationFormModal opened={editing} onClose={() => setEditing(false)} station={s} />
    </Stack>
  );
}
