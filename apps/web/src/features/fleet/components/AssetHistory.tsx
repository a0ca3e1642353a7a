/** The asset details page's Fuel Logs and Maintenance tabs: that asset's requests, newest first. */
import { useMemo, useState } from 'react';
import { Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { hasPermission, type FuelRequest, type MaintenanceRequest, type Vehicle } from '@fleetfuel/contract';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { efficiencyQuery, lastDays } from '@/lib/analytics-efficiency';
import { useAuth } from '@/lib/auth';
import { formatCalendarDate, formatCurrency, formatNumber, formatVolume } from '@/lib/format';
import { useVehicleFuelLogs, useVehicleMaintenanceLogs } from '../api';
import { EMPTY_VALUE, tankUnit } from '../fleet-labels';
import { pagedRows } from '@/lib/list-paging';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm" c="dimmed">
      {label}:{' '}
      <Text span fw={600} c="var(--mantine-color-text)">
        {value}
      </Text>
    </Text>
  );
}

const FUEL_COLUMNS: DataTableColumn<FuelRequest>[] = [
  { key: 'supplyDate', header: 'Supply Date', noWrap: true, render: (r) => formatCalendarDate(r.supplyDate) },
  { key: 'station', header: 'Station', render: (r) => r.station.name },
  { key: 'volume', header: 'Volume', noWrap: true, render: (r) => formatVolume(r.volume, r.unit) },
  {
    key: 'dispensed',
    header: 'Dispensed',
    noWrap: true,
    render: (r) => (r.dispensedVolume === null ? EMPTY_VALUE : formatVolume(r.dispensedVolume, r.unit)),
  },
  { key: 'amount', header: 'Amount', noWrap: true, render: (r) => (r.amount === null ? EMPTY_VALUE : formatCurrency(r.amount)) },
  { key: 'status', header: 'Status', noWrap: true, render: (r) => <StatusBadge status={r.status} /> },
  {
    key: 'odometer',
    header: 'Odometer',
    noWrap: true,
    render: (r) => (r.currentOdometerReading === null ? EMPTY_VALUE : `${formatNumber(r.currentOdometerReading)} km`),
  },
];

/** The efficiency figures' period on an asset: the list's default, the last 90 days. */
const EFFICIENCY_DAYS = 90;

/**
 * The asset's true efficiency over the last 90 days (GET /analytics/efficiency?vehicleId=), for
 * the roles that see analytics; a driver reading its own vehicle sees the logs only.
 */
function EfficiencyFigures({ vehicle }: { vehicle: Vehicle }) {
  const { user } = useAuth();
  const allowed = hasPermission(user?.role, 'analytics.view');
  const period = useMemo(() => lastDays(EFFICIENCY_DAYS), []);
  const efficiency = useQuery({
    ...efficiencyQuery(user?.id ?? '', { ...period, vehicleId: vehicle.id }),
    enabled: allowed && user !== null,
  });
  if (!allowed) return null;
  const row = efficiency.data?.vehicles[0];
  const unit = row?.unit ?? tankUnit(vehicle.fuelType);
  return (
    <Group gap="lg" mb="md" wrap="wrap" role="group" aria-label="Efficiency, last 90 days" style={{ rowGap: 4 }}>
      <Text size="sm" fw={600}>
        Last {EFFICIENCY_DAYS} days
      </Text>
      {efficiency.isPending ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : efficiency.isError ? (
        <Text size="sm" c="dimmed">
          Efficiency could not be loaded.
        </Text>
      ) : !row || row.kmPerUnit === null ? (
        <Text size="sm" c="dimmed">
          Not enough readings to measure
        </Text>
      ) : (
        <>
          <Figure label={`km/${unit}`} value={formatNumber(row.kmPerUnit)} />
          <Figure label="Cost per km" value={row.costPerKm === null ? EMPTY_VALUE : formatCurrency(row.costPerKm)} />
          <Figure label="Distance" value={`${formatNumber(row.distanceKm)} km`} />
          <Figure label={unit === 'kWh' ? 'Energy' : 'Litres'} value={formatVolume(row.volume, unit)} />
        </>
      )}
    </Group>
  );
}

export function FuelLogsPanel({ vehicle }: { vehicle: Vehicle }) {
  const [page, setPage] = useState(1);
  const logs = useVehicleFuelLogs(vehicle.id, page);
  const unit = tankUnit(vehicle.fuelType);
  const summary = logs.data?.summary;
  const total = logs.data?.meta.total ?? 0;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <EfficiencyFigures vehicle={vehicle} />
      {summary && total > 0 && (
        <Group gap="lg" mb="sm" wrap="wrap">
          <Figure label="Dispensed" value={formatVolume(summary.dispensedVolume, unit)} />
          <Figure label="Pending" value={formatVolume(summary.pendingVolume, unit)} />
          <Figure label="Requests" value={formatNumber(total)} />
        </Group>
      )}
      <DataTable
        label={`Fuel logs of ${vehicle.plateNumber ?? `${vehicle.make} ${vehicle.model}`}`}
        columns={FUEL_COLUMNS}
        {...pagedRows(logs, (reply) => reply.requests)}
        onPageChange={setPage}
        minWidth={820}
      />
    </Paper>
  );
}

export function MaintenanceLogsPanel({ vehicle }: { vehicle: Vehicle }) {
  const [page, setPage] = useState(1);
  const logs = useVehicleMaintenanceLogs(vehicle.id, page);
  const summary = logs.data?.summary;
  const columns = useMemo<DataTableColumn<MaintenanceRequest>[]>(
    () => [
      { key: 'date', header: 'Date', noWrap: true, render: (r) => formatCalendarDate(r.date) },
      { key: 'description', header: 'Description', render: (r) => r.description },
      { key: 'station', header: 'Station', render: (r) => r.fuelStation?.name ?? EMPTY_VALUE },
      // The station's final cost once done, else the estimate.
      { key: 'cost', header: 'Cost', noWrap: true, render: (r) => formatCurrency(r.finalCost ?? r.cost) },
      { key: 'status', header: 'Status', noWrap: true, render: (r) => <StatusBadge status={r.status} /> },
    ],
    [],
  );
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      {summary && summary.totalCount > 0 && (
        <Group gap="lg" mb="sm" wrap="wrap">
          <Figure label="Jobs" value={formatNumber(summary.totalCount)} />
          <Figure label="Completed cost" value={formatCurrency(summary.completedCost)} />
          <Figure label="Open estimates" value={formatCurrency(summary.pendingCost)} />
        </Group>
      )}
      <DataTable
        label={`Maintenance of ${vehicle.plateNumber ?? `${vehicle.make} ${vehicle.model}`}`}
        columns={columns}
        {...pagedRows(logs, (reply) => reply.logs)}
        onPageChange={setPage}
        minWidth={680}
      />
    </Paper>
  );
}
