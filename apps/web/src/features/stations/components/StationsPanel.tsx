import { Stack, Text } from '@mantine/core';
import { STATION_SORTS, type FuelStation } from '@fleetfuel/contract';
import { CrudListPage } from '@/components/ui/CrudListPage';
import { AvatarName, EditManageActions, TENANT_STATUS_FILTER, isTenantStatus } from '@/components/ui/RecordCells';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { formatDate } from '@/lib/format';
import { useStations } from '../api';
import { shortId } from '../station-form';
import { FuelBadges } from './FuelBadges';
import { StationFormModal } from './StationFormModal';
import { StationStats } from './StationStats';

function stationDetailsPath(id: string): string {
  return `/fuel-stations/details?id=${encodeURIComponent(id)}`;
}

export function formatCoordinates(station: Pick<FuelStation, 'latitude' | 'longitude'>): string | null {
  if (station.latitude === null || station.longitude === null) return null;
  return `${station.latitude.toFixed(4)}, ${station.longitude.toFixed(4)}`;
}

/** The Fuel Stations page: figures, the searchable station table and the Add/Update modal. */
export function StationsPanel() {
  return (
    <CrudListPage
      label="Fuel stations"
      above={<StationStats />}
      addLabel="Add Fuel Station"
      searchPlaceholder="Search name or address"
      minWidth={920}
      filters={[TENANT_STATUS_FILTER]}
      sortable={STATION_SORTS}
      dateRange
      toQuery={(base, { status }) => ({ ...base, ...(isTenantStatus(status) ? { status } : {}) })}
      useList={useStations}
      columns={() => [
        {
          key: 'id',
          header: 'ID',
          noWrap: true,
          render: (s) => (
            <Text size="sm" ff="monospace" title={s.id}>
              {shortId(s.id)}
            </Text>
          ),
        },
        { key: 'name', header: 'Name', render: (s) => <AvatarName name={s.name} imageUrl={s.imageUrl} /> },
        {
          key: 'location',
          sortKey: 'address',
          header: 'Location',
          render: (s) => {
            const coordinates = formatCoordinates(s);
            return (
              <Stack gap={0}>
                <Text size="sm">{s.address ?? '—'}</Text>
                {coordinates && (
                  <Text size="xs" c="dimmed">
                    {coordinates}
                  </Text>
                )}
              </Stack>
            );
          },
        },
        { key: 'fuels', header: 'Fuel Types', render: (s) => <FuelBadges fuels={s.availableFuels} /> },
        { key: 'status', header: 'Status', render: (s) => <StatusBadge status={s.status} />, noWrap: true },
        { key: 'createdAt', header: 'Date Joined', render: (s) => formatDate(s.createdAt), noWrap: true },
      ]}
      rowActions={(s, { edit }) => <EditManageActions name={s.name} onEdit={edit} manageTo={stationDetailsPath(s.id)} />}
      renderForm={(form) => <StationFormModal {...form} />}
    />
  );
}
