import type { ReactNode } from 'react';
import { Box, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconCar, IconGasStation, IconTool, IconUsers } from '@tabler/icons-react';
import { hasPermission, type SessionUser } from '@fleetfuel/contract';
import { PageHeader } from '@/components/ui/PageHeader';
import { PrefetchLink } from '@/components/ui/PrefetchLink';
import { StatCard } from '@/components/ui/StatCard';
import { dashboardOverviewQuery } from '@/lib/analytics-overview';
import { dashboardStats, type DashboardStatKey } from '../dashboard-stats';
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
}

export function FleetDashboard({ user, driverSummary }: FleetDashboardProps) {
  const overview = useQuery(dashboardOverviewQuery(user.id));
  const isDriver = user.role === 'DRIVER';
  const greetingName = user.firstName || user.name;

  const header = (
    <PageHeader
      title="Dashboard"
      description={`Welcome, ${greetingName}.`}
      actions={
        isDriver && hasPermission(user.role, 'requests.create') ? (
          <Button component={PrefetchLink} to="/fuel/generate-coupon" leftSection={<IconGasStation size={16} aria-hidden />}>
            Request fuel
          </Button>
        ) : undefined
      }
    />
  );

  if (overview.isPending) {
    return (
      <>
        {header}
        <Center py={80} role="status" aria-label="Loading dashboard">
          <Loader />
        </Center>
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
  const statCards = dashboardStats(data).map((stat) => {
    const Icon = STAT_ICONS[stat.key];
    return (
      <Box key={stat.key} role="group" aria-label={stat.title}>
        <StatCard title={stat.title} number={stat.number} unit={stat.unit} note={stat.note} icon={<Icon size={22} />} />
      </Box>
    );
  });

  return (
    <>
      {header}
      <Stack gap="lg">
        {isDriver && <MyVehicleCard vehicle={user.vehicle} />}
        {isDriver && driverSummary ? (
          driverSummary(statCards.filter((card) => card.key === 'fuelConsumption'))
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
            {statCards}
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <FuelChartCard months={data.graph.monthlyFuelVolume} />
          <MaintenanceAlerts alerts={data.maintenanceAlerts} canOpenAsset={canOpenAsset} />
        </SimpleGrid>
        <RecentFuelActivity
          requests={data.recent.fuelRequests}
          viewAllPath={hasPermission(user.role, 'requests.track') ? '/fuel' : isDriver ? '/fuel/generate-coupon' : null}
        />
      </Stack>
    </>
  );
}
