import { SimpleGrid } from '@mantine/core';
import { IconBuildingStore, IconCircleCheck, IconCircleMinus, IconBan } from '@tabler/icons-react';
import { StatCard, StatCardPlaceholders } from '@/components/ui/StatCard';
import { useStationCounts } from '../api';

/** Station figures, each the total of the station list under one status filter. */
export function StationStats() {
  const counts = useStationCounts();
  // A failed load has already said so in a toast; no stand-in figures take the cards' place.
  if (counts.isError) return null;
  const figures = counts.data;

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" mb="lg">
      {figures ? (
        <>
          <StatCard title="Total Stations" number={figures.total} icon={<IconBuildingStore size={22} />} />
          <StatCard title="Active Stations" number={figures.byStatus.ACTIVE} icon={<IconCircleCheck size={22} />} />
          <StatCard title="Inactive Stations" number={figures.byStatus.INACTIVE} icon={<IconCircleMinus size={22} />} />
          <StatCard title="Suspended Stations" number={figures.byStatus.SUSPENDED} icon={<IconBan size={22} />} />
        </>
      ) : (
        <StatCardPlaceholders count={4} />
      )}
    </SimpleGrid>
  );
}
