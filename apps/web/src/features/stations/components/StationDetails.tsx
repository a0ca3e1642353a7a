import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { formatDate } from '@/lib/format';
import { RecordDetails, RecordSummaryCard } from '@/components/ui/RecordDetails';
import { useStation } from '../api';
import { shortId } from '../station-form';
import { CurrentPrices } from './CurrentPrices';
import { FuelBadges } from './FuelBadges';
import { StationFormModal } from './StationFormModal';
import { formatCoordinates } from './StationsPanel';

function stationWalletPath(id: string): string {
  return `/wallet?stationId=${encodeURIComponent(id)}`;
}

/**
 * One station: its name and details, its current prices and the way to its wallet. The page adds
 * the station's banking information below.
 */
export function StationDetails({ id }: { id: string | null }) {
  const station = useStation(id);
  const [editing, setEditing] = useState(false);

  return (
    <RecordDetails
      id={id}
      record={station}
      noun="fuel station"
      chooseHint="Open a station from the Fuel Stations table with its Manage action."
      back={{ to: '/fuel-stations', label: 'All fuel stations' }}
    >
      {(s, backLink) => (
        <Stack gap="lg">
          {backLink}
          <RecordSummaryCard
            name={s.name}
            imageUrl={s.imageUrl}
            imageAlt={`${s.name} picture`}
            status={s.status}
            subtitle={
              <Text size="sm" c="dimmed" ff="monospace">
                ID {shortId(s.id)}
              </Text>
            }
            walletTo={stationWalletPath(s.id)}
            onEdit={() => setEditing(true)}
            details={[
              { label: 'Address', value: s.address ?? '—' },
              { label: 'Coordinates', value: formatCoordinates(s) ?? '—' },
              { label: 'Fuel Types', value: <FuelBadges fuels={s.availableFuels} /> },
              { label: 'Date Joined', value: formatDate(s.createdAt) },
            ]}
          />
          <CurrentPrices stationId={s.id} />
          <StationFormModal opened={editing} onClose={() => setEditing(false)} record={s} />
        </Stack>
      )}
    </RecordDetails>
  );
}
