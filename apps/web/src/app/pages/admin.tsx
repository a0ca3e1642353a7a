import { SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import {
  IconBuilding,
  IconBuildingOff,
  IconBuildingStore,
  IconCar,
  IconCircleCheck,
  IconCircleMinus,
  IconGasStation,
  IconReceipt,
} from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '@/components/ui/PageHeader';
import { StatCard, StatCardPlaceholders } from '@/components/ui/StatCard';
import { PlatformActivity } from '@/features/analytics';
import { useOrganizationAnalytics } from '@/features/clients';
import { usePlans } from '@/features/plans';
import { useStationCounts } from '@/features/stations';
import { UsersPanel } from '@/features/users';
import { formatNumber } from '@/lib/format';

const TABS = [
  { value: 'overview', label: 'Overview', path: '/admin' },
  { value: 'users', label: 'Users', path: '/admin/users' },
] as const;

/** The platform admin's page; the tab lives in the URL (/admin, /admin/users). */
export function AdminPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const active = location.pathname.startsWith('/admin/users') ? 'users' : 'overview';

  return (
    <>
      <PageHeader title="Admin" description="Platform administration" />
      <Tabs
        value={active}
        onChange={(value) => {
          const tab = TABS.find((t) => t.value === value);
          if (tab) void navigate(tab.path);
        }}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value}>
            <Outlet />
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}

export function AdminOverview() {
  const clients = useOrganizationAnalytics();
  const stations = useStationCounts();
  const plans = usePlans({ page: 1, pageSize: 1 });
  const c = clients.data;
  const s = stations.data;
  const planCount = plans.data?.meta.total;

  return (
    <Stack gap="lg">
      <section aria-label="Clients">
        <Text fw={600} mb="sm">
          Clients
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
          {c ? (
            <>
              <StatCard
                title="Total Clients"
                number={c.totalClients.count}
                note={`${formatNumber(c.totalClients.addedThisMonth)} added this month`}
                icon={<IconBuilding size={22} />}
              />
              <StatCard
                title="Active Clients"
                number={c.activeClients.count}
                note={`${formatNumber(c.activeClients.newThisWeek)} new this week`}
                icon={<IconCircleCheck size={22} />}
              />
              <StatCard title="Suspended Clients" number={c.suspendedClients} icon={<IconBuildingOff size={22} />} />
              <StatCard
                title="Total Vehicles"
                number={c.totalVehicles}
                note={`${formatNumber(c.vehiclesNeedServicing)} need servicing`}
                icon={<IconCar size={22} />}
              />
            </>
          ) : (
            !clients.isError && <StatCardPlaceholders count={4} />
          )}
        </SimpleGrid>
      </section>
      <section aria-label="Fuel stations and plans">
        <Text fw={600} mb="sm">
          Fuel Stations and Plans
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
          {s ? (
            <>
              <StatCard title="Fuel Stations" number={s.total} icon={<IconBuildingStore size={22} />} />
              <StatCard title="Active Stations" number={s.byStatus.ACTIVE} icon={<IconGasStation size={22} />} />
              <StatCard
                title="Inactive or Suspended"
                number={s.byStatus.INACTIVE + s.byStatus.SUSPENDED}
                icon={<IconCircleMinus size={22} />}
              />
            </>
          ) : (
            !stations.isError && <StatCardPlaceholders count={3} />
          )}
          {planCount !== undefined ? (
            <StatCard title="Subscription Plans" number={planCount} icon={<IconReceipt size={22} />} />
          ) : (
            !plans.isError && <StatCardPlaceholders count={1} />
          )}
        </SimpleGrid>
      </section>
      <PlatformActivity />
    </Stack>
  );
}

export function AdminUsers() {
  return <UsersPanel />;
}
