import { useMemo } from 'react';
import { Anchor, Box, Button, Center, Group, Loader, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { AttendantFiguresPanel } from '@/components/attendants/AttendantFiguresPanel';
import { FraudFigures } from '@/components/fraud/FraudFigures';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { AnalyticsOverview, EfficiencyReply } from '@fleetfuel/contract';
import {
  CategoryBarChart,
  ChartCard,
  MonthlyChart,
  formatCompact,
  formatCompactNaira,
  hasFigures,
  type ChartSeries,
} from '@/components/charts';
import { PageHeader } from '@/components/ui/PageHeader';
import { PrefetchLink } from '@/components/ui/PrefetchLink';
import { efficiencyQuery, monthsPeriod } from '@/lib/analytics-efficiency';
import { overviewQuery, type OverviewFilters } from '@/lib/analytics-overview';
import { useAuth } from '@/lib/auth';
import { formatCurrency, formatNumber, formatVolume } from '@/lib/format';
import { useOrganizationChoices } from '@/lib/organization-options';
import {
  PERIOD_MONTHS,
  driverBars,
  efficiencyBars,
  efficiencyUnitLabel,
  periodLabel,
  showsEarnings,
  silentFor,
} from '../analytics-filters';

export interface AnalyticsViewProps {
  filters: OverviewFilters;
  onFiltersChange: (filters: OverviewFilters) => void;
}

const EXPENSES: ChartSeries = { key: 'expenses', name: 'Expenses', color: 'orange' };
const EARNINGS: ChartSeries = { key: 'earnings', name: 'Earnings', color: 'teal' };
const VOLUME: ChartSeries = { key: 'volume', name: 'Fuel dispensed', color: 'teal' };
const VOLUME_ONLY = [VOLUME];
const SPENDING_ONLY = [EXPENSES];
const SPENDING_AND_EARNINGS = [EXPENSES, EARNINGS];

const EFFICIENCY_CAPTION =
  'Distance between consecutive odometer readings at fill-ups, divided by the litres (or kWh) filled. A missing or lower reading starts a new run.';
/** The chart shows the period's worst vehicles: the list comes worst first. */
const EFFICIENCY_SHOWN = 10;

/** Spec section 2's Analytics: fuel consumed, fuel expenses, fuel by driver and fuel efficiency, from real data. */
export function AnalyticsView({ filters, onFiltersChange }: AnalyticsViewProps) {
  const { user } = useAuth();
  const canChooseOrganization = user?.role === 'ADMIN';
  const organizations = useOrganizationChoices(canChooseOrganization);
  const overview = useQuery({ ...overviewQuery(user?.id ?? '', filters), enabled: user !== null, placeholderData: keepPreviousData });
  const efficiency = useQuery({
    ...efficiencyQuery(user?.id ?? '', {
      ...monthsPeriod(filters.months),
      organizationId: filters.organizationId,
      pageSize: EFFICIENCY_SHOWN,
    }),
    enabled: user !== null,
    placeholderData: keepPreviousData,
  });

  const controls = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {canChooseOrganization && (
        <NativeSelect
          label="Organization"
          value={filters.organizationId ?? ''}
          onChange={(event) => onFiltersChange({ ...filters, organizationId: event.currentTarget.value || null })}
          data={[
            { value: '', label: 'All organizations' },
            ...(organizations.data?.data ?? []).map((o) => ({ value: o.id, label: o.name })),
            // An organization named by the address stays selectable while the list loads.
            ...(filters.organizationId && !organizations.data?.data.some((o) => o.id === filters.organizationId)
              ? [{ value: filters.organizationId, label: organizations.isPending ? 'Loading…' : 'Selected organization' }]
              : []),
          ]}
          w={{ base: '100%', xs: 240 }}
        />
      )}
      <NativeSelect
        label="Period"
        value={String(filters.months)}
        onChange={(event) => onFiltersChange({ ...filters, months: Number(event.currentTarget.value) })}
        data={PERIOD_MONTHS.map((months) => ({ value: String(months), label: periodLabel(months) }))}
        w={{ base: '100%', xs: 180 }}
      />
    </Group>
  );

  return (
    <>
      <PageHeader title="Analytics" actions={controls} />
      {overview.isPending ? (
        <Center py={80} role="status" aria-label="Loading analytics">
          <Loader />
        </Center>
      ) : overview.isError ? (
        <Paper withBorder radius="md" p="lg" role="alert">
          <Text fw={500}>The analytics could not be loaded.</Text>
          <Button mt="md" variant="default" onClick={() => void overview.refetch()}>
            Try again
          </Button>
        </Paper>
      ) : (
        <>
          <AnalyticsCharts overview={overview.data} efficiency={efficiency} refreshing={overview.isPlaceholderData} />
          {overview.data.fraud && <FraudSection fraud={overview.data.fraud} />}
          {/* The organization watches the pump too: who filled its fleet, and the patterns to look at. */}
          {overview.data.scope === 'ORGANIZATION' && (
            <Box mt="lg">
              <AttendantFiguresPanel showStation />
            </Box>
          )}
        </>
      )}
    </>
  );
}

function AnalyticsCharts({
  overview,
  efficiency,
  refreshing,
}: {
  overview: AnalyticsOverview;
  efficiency: UseQueryResult<EfficiencyReply>;
  refreshing: boolean;
}) {
  const { monthlyFuelVolume, monthlyFinancials } = overview.graph;
  const first = monthlyFuelVolume[0]?.label;
  const last = monthlyFuelVolume[monthlyFuelVolume.length - 1]?.label;
  const period = first && last ? `${first} – ${last}` : '';
  const earnings = showsEarnings(overview.scope);
  const moneySeries = earnings ? SPENDING_AND_EARNINGS : SPENDING_ONLY;
  // Stable data: a chart re-animates when handed new arrays, so they change only with the overview.
  const volumeData = useMemo(() => monthlyFuelVolume.map((m) => ({ label: m.label, values: { volume: m.volume } })), [monthlyFuelVolume]);
  const moneyData = useMemo(
    () => monthlyFinancials.map((m) => ({ label: m.label, values: { expenses: m.expenses, earnings: m.earnings } })),
    [monthlyFinancials],
  );
  const drivers = useMemo(() => driverBars(overview.consumption.completedByDriver), [overview.consumption.completedByDriver]);
  const worst = efficiency.data?.vehicles;
  const efficiencyData = useMemo(() => efficiencyBars(worst ?? []), [worst]);
  const unitLabel = efficiencyUnitLabel(worst ?? []);

  return (
    <SimpleGrid
      cols={{ base: 1, lg: 2 }}
      spacing="md"
      aria-busy={refreshing}
      style={refreshing ? { opacity: 0.6, transition: 'opacity 150ms' } : undefined}
    >
      <ChartCard
        title="Monthly Fuel Consumed"
        description={`Litres dispensed per month, ${period}`}
        empty={!hasFigures(monthlyFuelVolume.map((m) => m.volume))}
      >
        <MonthlyChart
          kind="bar"
          data={volumeData}
          series={VOLUME_ONLY}
          formatValue={(value) => formatVolume(value, 'L')}
          formatAxis={formatCompact}
        />
      </ChartCard>
      <ChartCard
        title="Monthly Fuel Expenses"
        description={
          earnings
            ? `Naira paid for fuel and maintenance (expenses) and platform revenue (earnings), ${period}`
            : `Naira paid for fuel and maintenance per month, ${period}`
        }
        empty={!hasFigures(monthlyFinancials.flatMap((m) => (earnings ? [m.expenses, m.earnings] : [m.expenses])))}
      >
        <MonthlyChart
          kind="line"
          data={moneyData}
          series={moneySeries}
          formatValue={(value) => formatCurrency(value)}
          formatAxis={formatCompactNaira}
        />
      </ChartCard>
      <ChartCard title="Fuel by Driver" description={`Litres dispensed per driver, ${period}`} empty={drivers.length === 0}>
        <CategoryBarChart
          data={drivers}
          valueName="Fuel dispensed"
          color="teal"
          formatValue={(value) => formatVolume(value, 'L')}
          formatAxis={formatCompact}
        />
      </ChartCard>
      <ChartCard
        title="Fuel Efficiency"
        description={`Worst ${EFFICIENCY_SHOWN} vehicles by ${unitLabel}, ${period}`}
        empty={efficiency.isSuccess && efficiencyData.length === 0}
        caption={EFFICIENCY_CAPTION}
      >
        {efficiency.isPending ? (
          <Center py="xl" role="status" aria-label="Loading fuel efficiency">
            <Loader size="sm" />
          </Center>
        ) : efficiency.isError ? (
          <RetryNote what="Fuel efficiency" onRetry={() => void efficiency.refetch()} />
        ) : (
          <CategoryBarChart
            data={efficiencyData}
            valueName={unitLabel}
            color="blue"
            formatValue={(value) => `${formatNumber(value)} ${unitLabel}`}
            formatAxis={formatCompact}
          />
        )}
      </ChartCard>
      <SilentAssets efficiency={efficiency} />
    </SimpleGrid>
  );
}

/** Issue 44's confirmed fraud and recoveries, as the Dashboard shows them; not bound to the period chosen. */
function FraudSection({ fraud }: { fraud: NonNullable<AnalyticsOverview['fraud']> }) {
  return (
    <Box mt="lg" component="section" aria-labelledby="analytics-fraud-title">
      <Title order={2} fz="md" id="analytics-fraud-title">
        Fraud and recoveries
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        All time, whatever the period above
      </Text>
      <FraudFigures fraud={fraud} />
    </Box>
  );
}

function RetryNote({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Stack align="center" gap="xs" py="lg" role="alert">
      <Text size="sm">{what} could not be loaded.</Text>
      <Button size="xs" variant="default" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}

/** Issue 12: ACTIVE assets without a completed fill in the last 30 days, the longest silent first. */
function SilentAssets({ efficiency }: { efficiency: UseQueryResult<EfficiencyReply> }) {
  const reply = efficiency.data;
  const title = 'Silent Assets';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} style={{ minWidth: 0 }}>
      <Stack gap={2} mb="sm">
        <Title order={2} fz="md">
          {title}
        </Title>
        <Text size="xs" c="dimmed">
          Active, no fill in 30 days
          {reply && reply.silentAssetsTotal > reply.silentAssets.length
            ? ` · ${formatNumber(reply.silentAssets.length)} of ${formatNumber(reply.silentAssetsTotal)} shown`
            : ''}
        </Text>
      </Stack>
      {efficiency.isPending ? (
        <Center py="xl" role="status" aria-label="Loading silent assets">
          <Loader size="sm" />
        </Center>
      ) : efficiency.isError || !reply ? (
        <RetryNote what="Silent assets" onRetry={() => void efficiency.refetch()} />
      ) : reply.silentAssets.length === 0 ? (
        <Text ta="center" c="dimmed" py="xl">
          None
        </Text>
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
          {reply.silentAssets.map((asset) => (
            <Group
              component="li"
              key={asset.vehicleId}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py={6}
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor
                  component={PrefetchLink}
                  to={`/assets/details?id=${encodeURIComponent(asset.vehicleId)}&tab=fuel-logs`}
                  size="sm"
                  fw={600}
                >
                  {asset.plateNumber ?? asset.name}
                </Anchor>
                {asset.plateNumber && (
                  <Text size="xs" c="dimmed" truncate>
                    {asset.name}
                  </Text>
                )}
              </Stack>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {silentFor(asset.daysSinceLastFill)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
