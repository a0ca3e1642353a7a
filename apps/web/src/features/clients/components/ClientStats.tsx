import { SimpleGrid } from '@mantine/core';
import { IconBuilding, IconBuildingOff, IconCar, IconCircleCheck, IconTool } from '@tabler/icons-react';
import { StatCard, StatCardPlaceholders } from '@/components/ui/StatCard';
import { formatNumber } from '@/lib/format';
import { useOrganizationAnalytics } from '../api';

/** The Clients page's figures, from the organizations analytics of spec section 3. */
export function ClientStats() {
  const analytics = useOrganizationAnalytics();
  const figures = analytics.data;
  // A failed load has already said so in a toast; no stand-in figures take the cards' place.
  if (analytics.isError) return null;

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md" mb="lg">
      {figures ? (
        <>
          <StatCard
            title="Total Clients"
            number={figures.totalClients.count}
            note={`${formatNumber(figures.totalClients.addedThisMonth)} added this month`}
            icon={<IconBuilding size={22} />}
          />
          <StatCard
            title="Active Clients"
            number={figures.activeClients.count}
            note={`${formatNumber(figures.activeClients.newThisWeek)} new this week`}
            icon={<IconCircleCheck size={22} />}
          />
          <StatCard title="Suspended Clients" number={figures.suspendedClients} icon={<IconBuildingOff size={22} />} />
          <StatCard title="Total Vehicles" number={figures.totalVehicles} icon={<IconCar size={22} />} />
          <StatCard title="Vehicles Need Servicing" number={figures.vehiclesNeedServicing} icon={<IconTool size={22} />} />
        </>
      ) : (
        <StatCardPlaceholders count={5} height={104} />
      )}
    </SimpleGrid>
  );
}
