import { useDeferredValue, type ReactNode } from 'react';
import { Box, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconCar, IconGasStation, IconTool, IconUsers } from '@tabler/icons-react';
import { hasPermission, type SessionUser } from '@fleetfuel/contract';
import { FraudFigures } from '@/components/fraud/FraudFigures';
import { PageHeader } from '@/components/ui/PageHeader';
import { PrefetchLink } from '@/components/ui/PrefetchLink';
import { StatCard } from '@/components/ui/StatCard';
import { dashboardOverviewQuery } from '@/lib/analytics-overview';
import { useHoldsPrerenderedDashboard } from '@/prerender/prerendered-dashboard';
import { dashboardStats, dashboardWelcome, type DashboardStat, type DashboardStatKey } from '../dashboard-stats';
import { FuelChartCard } from './FuelChartCard';
import { MaintenanceAlerts } from './MaintenanceAlerts';
import { MyVehicleCard } from './MyVehicleCard';
import { RecentFuelActivity } from './RecentFuelActivity';

const STAT_ICONS: Record<DashboardStatKey, typeof IconCar> = {
  vehicles: IconCar,
  drivers: IconUsers,
  fuelConsumption: IconGasStation,
  maintenanceDue: IconTool,
};

/**
 * Spec section 2's Dashboard for fleet managers and drivers: stat cards, the monthly fuel chart,
 * maintenance alerts and recent fuel activity, all from the analytics overview in the user's
 * scope. A spinner holds the page until the overview arrives (the shell starts it at sign-in).
 */
export interface FleetDashboardProps {
  user: SessionUser;
  /**
   * A driver's own figures and coupons, shown instead of the fleet's cards; it receives the one
   * overview card that is the driver's own (the fuel it received) to show first.
   */
  driverSummary?: (leading: ReactNode) => ReactNode;
  /** The organization's fuel budgets this period, for those who read its policies (issue 44). */
  budgets?: ReactNode;
}

export function FleetDashboard({ user, driverSummary, budgets }: FleetDashboardProps) {
  const overview = useQuery(dashboardOverviewQuery(user.id));
  // The figures at the top are drawn as soon as the overview arrives; the chart, alerts and recent
  // activity below them follow in a second, interruptible render (React renders it in slices and
  // the phone stays responsive), instead of one long task that holds the figures back (issue 16).
  const below = useDeferredValue(overview.data);
  const isDriver = user.role === 'DRIVER';
  const header = <DashboardHeader user={user} />;

  if (overview.isPending) {
    return (
      <>
        {header}
        <DashboardLoader />
      </>
    );
  }

  if (overview.isError) {
    return (
      <>
        {header}
        <Paper withBorder radius="md" p="lg" role="alert">
          <Group>
            <IconAlertTriangle size={20} aria-hidden />
            <Text fw={500}>The dashboard could not be loaded.</Text>
          </Group>
          <Button mt="md" variant="default" onClick={() => void overview.refetch()}>
            Try again
          </Button>
        </Paper>
      </>
    );
  }

  const data = overview.data;
  // A fleet manager opens any alerted asset; a driver opens only the vehicle it drives.
  const canOpenAsset = (vehicleId: string) => hasPermission(user.role, 'fleet.manage') || user.vehicle?.id === vehicleId;
  const statCards = dashboardStatCards(dashboardStats(data));

  return (
    <>
      {header}
      <Stack gap="lg">
        {isDriver && <MyVehicleCard vehicle={user.vehicle} />}
        {isDriver && driverSummary ? (
          driverSummary(statCards.filter((card) => card.key === 'fuelConsumption'))
        ) : (
          <StatCardGrid>{statCards}</StatCardGrid>
        )}
        {data.fraud && hasPermission(user.role, 'flags.read') && <FraudFigures fraud={data.fraud} />}
        {budgets}
        {below && (
          <>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <FuelChartCard months={below.graph.monthlyFuelVolume} />
              <MaintenanceAlerts alerts={below.maintenanceAlerts} canOpenAsset={canOpenAsset} />
            </SimpleGrid>
            <RecentFuelActivity
              requests={below.recent.fuelRequests}
              viewAllPath={hasPermission(user.role, 'requests.track') ? '/fuel' : isDriver ? '/fuel/generate-coupon' : null}
            />
          </>
        )}
      </Stack>
    </>
  );
}

/** The page's title and welcome, drawn from the start, before the figures arrive. */
export function DashboardHeader({ user }: { user: SessionUser }) {
  const isDriver = user.role === 'DRIVER';
  return (
    <PageHeader
      title="Dashboard"
      // Where the prerendered Dashboard writes the stored person's welcome (src/prerender).
      description={<span data-dashboard-welcome>{dashboardWelcome(user)}</span>}
      actions={
        isDriver && hasPermission(user.role, 'requests.create') ? (
          <Button component={PrefetchLink} to="/fuel/generate-coupon" leftSection={<IconGasStation size={16} aria-hidden />}>
            Request fuel
          </Button>
        ) : undefined
      }
    />
  );
}

/**
 * While the overview loads: a spinner, held over by the prerendered Dashboard where index.html drew
 * one (src/prerender/prerendered-dashboard.ts), so the figures already on screen stay there.
 */
function DashboardLoader() {
  useHoldsPrerenderedDashboard();
  return (
    <Center py={80} role="status" aria-label="Loading dashboard">
      <Loader />
    </Center>
  );
}

/** One card a figure, each a group named by its title; `data-stat` is where the prerendered Dashboard writes it. */
export function dashboardStatCards(stats: readonly DashboardStat[]) {
  return stats.map((stat) => {
    const Icon = STAT_ICONS[stat.key];
    return (
      <Box key={stat.key} role="group" aria-label={stat.title} data-stat={stat.key}>
        <StatCard title={stat.title} number={stat.number} unit={stat.unit} note={stat.note} icon={<Icon size={22} />} />
      </Box>
    );
  });
}

/** The fleet's four cards: one column on a phone, two on a small screen, four on a wide one. */
export function StatCardGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      {children}
    </SimpleGrid>
  );
}
