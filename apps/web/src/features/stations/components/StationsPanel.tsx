import { useMemo, useState } from 'react';
import { Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconSettings } from '@tabler/icons-react';
import { PAGE_SIZE_DEFAULT, TENANT_STATUSES, type FuelStation, type TenantStatus } from '@fleetfuel/contract';
import { DataTable, type DataTableColumn } from '../../../components/ui/DataTable';
import { RowAction } from '../../../components/ui/RowAction';
import { StatusBadge, statusLabel } from '../../../components/ui/StatusBadge';
import { formatDate } from '../../../lib/format';
import { useStations, type StationListQuery } from '../api';
import { shortId } from '../station-form';
import { FuelBadges } from './FuelBadges';
import { StationFormModal } from './StationFormModal';
import { StationStats } from './StationStats';
import { ListFilter } from '../../../components/ui/ListFilter';
import { useListPaging } from '../../../lib/list-paging';

interface Editing {
  opened: boolean;
  station: FuelStation | null;
}

const STATUS_FILTER = TENANT_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

function isTenantStatus(value: string): value is TenantStatus {
  return (TENANT_STATUSES as readonly string[]).includes(value);
}

export function stationDetailsPath(id: string): string {
  return `/fuel-stations/details?id=${encodeURIComponent(id)}`;
}

export function formatCoordinates(station: Pick<FuelStation, 'latitude' | 'longitude'>): string | null {
  if (station.latitude === null || station.longitude === null) return null;
  return `${station.latitude.toFixed(4)}, ${station.longitude.toFixed(4)}`;
}

/** The Fuel Stations page: figures, the searchable station table and the Add/Update modal. */
export function StationsPanel() {
  const { page, setPage, search, onSearchChange, resettingPage } = useListPaging();
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<Editing>({ opened: false, station: null });

  const query = useMemo<StationListQuery>(
    () => ({
      page,
      pageSize: PAGE_SIZE_DEFAULT,
      ...(search ? { search } : {}),
      ...(isTenantStatus(status) ? { status } : {}),
    }),
    [page, search, status],
  );
  const stations = useStations(query);

  const columns = useMemo<DataTableColumn<FuelStation>[]>(
    () => [
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
      {
        key: 'name',
        header: 'Name',
        render: (s) => (
          <Group gap="sm" wrap="nowrap">
            <Avatar src={s.imageUrl} name={s.name} alt="" size={32} radius="sm" color="teal" />
            <Text fw={500} size="sm">
              {s.name}
            </Text>
          </Group>
        ),
      },
      {
        key: 'location',
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
      {
        key: 'actions',
        header: 'Actions',
        noWrap: true,
        render: (s) => (
          <Group gap={6} wrap="nowrap">
            <RowAction
              label={`Edit ${s.name}`}
              tooltip="Edit"
              icon={<IconPencil size={16} aria-hidden />}
              onClick={() => setEditing({ opened: true, station: s })}
            />
            <RowAction
              label={`Manage ${s.name}`}
              tooltip="Manage"
              icon={<IconSettings size={16} aria-hidden />}
              to={stationDetailsPath(s.id)}
            />
          </Group>
        ),
      },
    ],
    [],
  );

  return (
    <>
      <StationStats />
      <DataTable
        label="Fuel stations"
        columns={columns}
        rows={stations.data?.data}
        rowKey={(s) => s.id}
        meta={stations.data?.meta}
        loading={stations.isFetching}
        onPageChange={setPage}
        onSearchChange={onSearchChange}
        searchPlaceholder="Search name or address"
        minWidth={920}
        toolbar={
          <>
            <ListFilter
              label="Filter by status"
              allLabel="All statuses"
              value={status}
              options={STATUS_FILTER}
              onChange={resettingPage(setStatus)}
            />
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ opened: true, station: null })}>
              Add Fuel Station
            </Button>
          </>
        }
      />
      <StationFormModal
        opened={editing.opened}
        onClose={() => setEditing((current) => ({ ...current, opened: false }))}
        station={editing.station}
      />
    </>
  );
}
