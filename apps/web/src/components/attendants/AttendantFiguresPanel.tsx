import { useState } from 'react';
import { Badge, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes, type AttendantFigures } from '@fleetfuel/contract';
import { DataTable, type DataTableColumn } from '@/components/ui/DataTable';
import { DateRangeInputs } from '@/components/ui/DateRangeInputs';
import { lastDays } from '@/lib/analytics-efficiency';
import { callApi, errorMessage } from '@/lib/api-client';
import { formatCurrency, formatNumber } from '@/lib/format';
import { resourceKeys } from '@/lib/query-keys';

const PAGE_SIZE = 20;

export interface AttendantFiguresPanelProps {
  /** The organization's view names each attendant's station; a station's own does not need to. */
  showStation: boolean;
}

function FlagBadges({ attendant }: { attendant: AttendantFigures }) {
  if (attendant.flags.length === 0) return <Text size="sm">—</Text>;
  return (
    <Stack gap={4}>
      {attendant.flags.map((flag) => (
        <Group key={flag.code} gap={6} wrap="nowrap" align="flex-start">
          <Badge color={flag.severity === 'critical' ? 'red' : 'orange'} variant="light" style={{ flexShrink: 0 }}>
            {flag.severity === 'critical' ? 'Critical' : 'Warning'}
          </Badge>
          <Text size="sm">{flag.message}</Text>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * Each attendant's redemptions in a period, with the patterns collusion at the pump leaves (fills
 * just under the coupon's maximum, round volumes, a vehicle again within the hour, one driver's
 * fills far above the attendant's share, fills while closed) raised with their numbers. The server
 * scopes it: a station's representative sees its attendants, an organization the fills of its fleet.
 */
export function AttendantFiguresPanel({ showStation }: AttendantFiguresPanelProps) {
  const [period, setPeriod] = useState(() => lastDays(30));
  const [page, setPage] = useState(1);
  const ordered = period.from !== '' && period.to !== '' && period.from <= period.to;
  const figures = useQuery({
    queryKey: [...resourceKeys.fuelRequests, 'attendant-figures', period],
    queryFn: () => callApi(routes.redemptions.attendants, { query: period }),
    enabled: ordered,
    placeholderData: keepPreviousData,
  });
  const rows = figures.data?.attendants ?? [];
  // One row per attendant who redeemed in the scope: the reply is whole, the table shows it a page at a time.
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const flagged = rows.filter((row) => row.flags.length > 0).length;

  const columns: DataTableColumn<AttendantFigures>[] = [
    { key: 'name', header: 'Attendant', render: (row) => row.name },
    ...(showStation ? [{ key: 'station', header: 'Station', render: (row: AttendantFigures) => row.station.name }] : []),
    { key: 'redemptions', header: 'Redemptions', noWrap: true, render: (row) => formatNumber(row.redemptions) },
    { key: 'litres', header: 'Volume', noWrap: true, render: (row) => formatNumber(row.litres) },
    { key: 'amount', header: 'Amount', noWrap: true, render: (row) => formatCurrency(row.amount) },
    {
      key: 'flagged',
      header: 'Flagged Fills',
      noWrap: true,
      render: (row) => (
        <Tooltip label="Fills near the maximum, at round volumes, a vehicle again within the hour, or while closed">
          <Text size="sm" fw={row.flagged > 0 ? 600 : undefined}>
            {formatNumber(row.flagged)}
          </Text>
        </Tooltip>
      ),
    },
    { key: 'flags', header: 'Patterns', render: (row) => <FlagBadges attendant={row} /> },
  ];

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="attendant-figures-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={2}>
            <Title order={2} fz="lg" id="attendant-figures-title">
              Attendants
            </Title>
            <Text size="sm" c="dimmed">
              Who redeemed what at the pump{flagged > 0 ? `; ${flagged} with patterns to look at` : ''}.
            </Text>
          </Stack>
          <DateRangeInputs
            cols={2}
            from={period.from}
            to={period.to}
            onFromChange={(from) => {
              setPeriod((current) => ({ ...current, from }));
              setPage(1);
            }}
            onToChange={(to) => {
              setPeriod((current) => ({ ...current, to }));
              setPage(1);
            }}
            error={ordered || period.from === '' || period.to === '' ? undefined : 'The start date must be on or before the end date'}
          />
        </Group>
        {figures.isError && (
          <Text c="red" size="sm" role="alert">
            {errorMessage(figures.error)}
          </Text>
        )}
        <DataTable
          label="Attendants"
          columns={columns}
          rows={shown}
          rowKey={(row) => `${row.station.id}:${row.id}`}
          meta={{ page, pageSize: PAGE_SIZE, total: rows.length }}
          loading={figures.isFetching}
          onPageChange={setPage}
          minWidth={showStation ? 1000 : 860}
        />
      </Stack>
    </Paper>
  );
}
