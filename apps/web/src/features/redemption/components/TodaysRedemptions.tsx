import { useState } from 'react';
import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import type { StationRedemption } from '@fleetfuel/contract';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { formatCurrency, formatNumber, formatTime, formatVolume } from '@/lib/format';
import { useTodaysRedemptions } from '../api';

function vehicleText(vehicle: StationRedemption['vehicle']): string {
  return vehicle.plateNumber ? `${vehicle.plateNumber} · ${vehicle.make} ${vehicle.model}` : `${vehicle.make} ${vehicle.model}`;
}

function whatText(r: StationRedemption): string {
  return r.kind === 'FUEL' ? `${formatVolume(r.volume ?? 0, r.unit ?? '')} ${r.fuelType ?? ''}` : (r.description ?? '');
}

const COLUMNS: DataTableColumn<StationRedemption>[] = [
  { key: 'time', header: 'Time', noWrap: true, render: (r) => formatTime(r.redeemedAt) },
  {
    key: 'kind',
    header: 'Kind',
    render: (r) => (
      <Badge variant="light" color={r.kind === 'FUEL' ? 'teal' : 'grape'}>
        {r.kind === 'FUEL' ? 'Fuel' : 'Maintenance'}
      </Badge>
    ),
  },
  { key: 'vehicle', header: 'Vehicle', render: (r) => vehicleText(r.vehicle) },
  { key: 'organization', header: 'Organization', render: (r) => r.organization.name },
  { key: 'what', header: 'Dispensed / Job', render: whatText },
  { key: 'amount', header: 'Amount', noWrap: true, render: (r) => formatCurrency(r.amount) },
  { key: 'redeemedBy', header: 'Redeemed By', render: (r) => r.redeemedBy?.name ?? '' },
];

/**
 * What this station redeemed today, fuel coupons and maintenance work orders alike, newest first,
 * with what each paid: the attendant answers for the money that moved on their confirmation. The
 * day's totals come from the server over every redemption of the day, whatever page is shown.
 */
export function TodaysRedemptions() {
  const [page, setPage] = useState(1);
  const redemptions = useTodaysRedemptions(page);
  const summary = redemptions.data?.summary;

  const totals = [
    summary && summary.fuelCount > 0 ? `${formatNumber(summary.fuelCount)} ${summary.fuelCount === 1 ? 'coupon' : 'coupons'}` : null,
    summary && summary.maintenanceCount > 0
      ? `${formatNumber(summary.maintenanceCount)} ${summary.maintenanceCount === 1 ? 'job' : 'jobs'}`
      : null,
    summary?.volumes.map((v) => formatVolume(v.volume, v.unit)).join(', ') || null,
    summary && summary.count > 0 ? formatCurrency(summary.amount) : null,
  ].filter(Boolean);

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="todays-redemptions-title">
      <Group justify="space-between" align="baseline" mb="sm" gap="xs">
        <Title order={2} fz="lg" id="todays-redemptions-title">
          Today's Redemptions
        </Title>
        {totals.length > 0 && (
          <Text size="sm" c="dimmed">
            {totals.join(' · ')}
          </Text>
        )}
      </Group>
      <DataTable
        label="Today's redemptions"
        columns={COLUMNS}
        rows={redemptions.data?.redemptions ?? []}
        rowKey={(r) => `${r.kind}:${r.id}`}
        meta={redemptions.data?.meta}
        loading={redemptions.isFetching}
        onPageChange={setPage}
        minWidth={860}
      />
    </Paper>
  );
}
