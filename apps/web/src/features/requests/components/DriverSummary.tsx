import { useState, type ReactNode } from 'react';
import { Box, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconClockHour4, IconGasStation, IconTicket } from '@tabler/icons-react';
import { PAGE_SIZE_DEFAULT } from '@fleetfuel/contract';
import { StatCard } from '@/components/ui/StatCard';
import { useAuth } from '@/lib/auth';
import { useFuelRequests } from '../api';
import { FuelRequestsTable } from './FuelRequestsTable';
import { useFuelRequestActions } from '../use-fuel-request-actions';
import { pagedRows } from '@/lib/list-paging';

const countUnit = (count: number) => (count === 1 ? 'request' : 'requests');

/**
 * A driver's own figures on its dashboard, in place of the fleet's: the fuel requests it made,
 * those awaiting approval, and its coupons ready to use, with their download and code. `leading`
 * is a card the dashboard puts first (the fuel the driver received, from the overview).
 */
export function DriverSummary({ leading }: { leading?: ReactNode }) {
  const { user } = useAuth();
  const [page, setPage] = useState(1);
  // One row per count: the list's total is the figure.
  const all = useFuelRequests({ page: 1, pageSize: 1 }, true);
  const pending = useFuelRequests({ page: 1, pageSize: 1, status: 'PENDING' }, true);
  const coupons = useFuelRequests({ page, pageSize: PAGE_SIZE_DEFAULT, status: 'APPROVED' }, true);
  const { actions, dialogs } = useFuelRequestActions(user?.role ?? 'DRIVER', false);

  const cards = [
    { key: 'mine', title: 'My Requests', number: all.data?.meta.total, note: 'Fuel requests you made', icon: IconGasStation },
    {
      key: 'pending',
      title: 'Awaiting Approval',
      number: pending.data?.meta.total,
      note: 'Your organization admin decides',
      icon: IconClockHour4,
    },
    { key: 'coupons', title: 'Coupons Ready', number: coupons.data?.meta.total, note: 'Approved, to use at the station', icon: IconTicket },
  ];

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: leading ? 4 : 3 }} spacing="md">
        {leading}
        {cards.map(({ key, title, number, note, icon: Icon }) => (
          <Box key={key} role="group" aria-label={title}>
            <StatCard title={title} number={number ?? 0} unit={countUnit(number ?? 0)} note={note} icon={<Icon size={22} />} />
          </Box>
        ))}
      </SimpleGrid>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label="My Coupons">
        <Title order={2} fz="md" mb="sm">
          My Coupons
        </Title>
        <FuelRequestsTable
          label="My coupons"
          {...pagedRows(coupons, (reply) => reply.requests)}
          onPageChange={setPage}
          showOrganization={false}
          actions={actions}
        />
      </Paper>
      {dialogs}
    </Stack>
  );
}
