import { useMemo } from 'react';
import { Group, Paper, Text, Title } from '@mantine/core';
import type { FuelRequest } from '@fleetfuel/contract';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { businessDate, formatCurrency, formatNumber, formatTime, formatVolume } from '@/lib/format';
import { RECENT_PAGE_SIZE, useCompletedFuelRequests } from '../api';

function redeemedToday(request: FuelRequest, today: string): boolean {
  return request.redeemedAt !== null && businessDate(new Date(request.redeemedAt)) === today;
}

function vehicleText(vehicle: FuelRequest['vehicle']): string {
  return vehicle.plateNumber ? `${vehicle.plateNumber} · ${vehicle.make} ${vehicle.model}` : `${vehicle.make} ${vehicle.model}`;
}

const noPages = () => undefined;

/** The fuel this station dispensed today, newest first; amounts for the representative only. */
export function TodaysRedemptions({ showMoney }: { showMoney: boolean }) {
  const completed = useCompletedFuelRequests();
  const today = businessDate();
  const rows = useMemo(
    () =>
      (completed.data?.requests ?? [])
        .filter((request) => redeemedToday(request, today))
        .sort((a, b) => Date.parse(b.redeemedAt ?? '') - Date.parse(a.redeemedAt ?? '')),
    [completed.data, today],
  );
  // The list comes newest request first, so a redemption today of a much older request can fall off its page.
  const partial = (completed.data?.meta.total ?? 0) > RECENT_PAGE_SIZE;

  const columns = useMemo<DataTableColumn<FuelRequest>[]>(
    () => [
      { key: 'time', header: 'Time', noWrap: true, render: (r) => formatTime(r.redeemedAt) },
      { key: 'vehicle', header: 'Vehicle', render: (r) => vehicleText(r.vehicle) },
      { key: 'organization', header: 'Organization', render: (r) => r.organization.name },
      {
        key: 'dispensed',
        header: 'Dispensed',
        noWrap: true,
        render: (r) => `${formatVolume(r.dispensedVolume ?? 0, r.unit)} ${r.fuelType}`,
      },
      ...(showMoney
        ? [
            {
              key: 'amount',
              header: 'Amount',
              noWrap: true,
              render: (r: FuelRequest) => (r.amount === null ? '' : formatCurrency(r.amount)),
            },
          ]
        : []),
      { key: 'redeemedBy', header: 'Redeemed By', render: (r) => r.redeemedBy?.name ?? '' },
    ],
    [showMoney],
  );

  // A station may sell fuels of several units (L, kWh, kg): each unit is summed on its own.
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.unit, (totals.get(r.unit) ?? 0) + (r.dispensedVolume ?? 0));
  const totalText = [...totals].map(([unit, volume]) => formatVolume(volume, unit)).join(', ');

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="todays-redemptions-title">
      <Group justify="space-between" align="baseline" mb="sm" gap="xs">
        <Title order={2} fz="lg" id="todays-redemptions-title">
          Today's Redemptions
        </Title>
        {rows.length > 0 && (
          <Text size="sm" c="dimmed">
            {formatNumber(rows.length)} {rows.length === 1 ? 'coupon' : 'coupons'} · {totalText}
          </Text>
        )}
      </Group>
      {partial && (
        <Text size="xs" c="dimmed" mb="sm">
          Counted from the {RECENT_PAGE_SIZE} most recent requests redeemed at this station.
        </Text>
      )}
      <DataTable
        label="Today's redemptions"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        meta={undefined}
        loading={completed.isFetching}
        onPageChange={noPages}
        minWidth={showMoney ? 760 : 640}
      />
    </Paper>
  );
}
