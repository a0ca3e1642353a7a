import { useState } from 'react';
import { Paper, Stack, Title } from '@mantine/core';
import { PAGE_SIZE_DEFAULT } from '@fleetfuel/contract';
import { PageHeader } from '@/components/ui/PageHeader';
import { useAuth } from '@/lib/auth';
import { useFuelRequests } from '../api';
import { FuelRequestForm } from './FuelRequestForm';
import { FuelRequestsTable } from './FuelRequestsTable';
import { useFuelRequestActions } from '../use-fuel-request-actions';
import { pagedRows } from '@/lib/list-paging';

/** A driver's /fuel/generate-coupon: the request form for its vehicle, and its own requests below. */
export function DriverFuelRequests() {
  const { user } = useAuth();
  const [page, setPage] = useState(1);
  // The form stays on the page after a request; a new key empties it for the next one.
  const [formKey, setFormKey] = useState(0);
  const requests = useFuelRequests({ page, pageSize: PAGE_SIZE_DEFAULT }, true);
  const { actions, dialogs } = useFuelRequestActions(user?.role ?? 'DRIVER', false);

  return (
    <>
      <PageHeader title="Generate Coupon" description="Request fuel for your vehicle. Once approved, its coupon is ready here." />
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
          <FuelRequestForm key={formKey} onDone={() => setFormKey((key) => key + 1)} />
        </Paper>
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Title order={2} fz="lg" mb="md">
            My Requests
          </Title>
          <FuelRequestsTable
            label="My fuel requests"
            {...pagedRows(requests, (reply) => reply.requests)}
            onPageChange={setPage}
            showOrganization={false}
            actions={actions}
          />
        </Paper>
      </Stack>
      {dialogs}
    </>
  );
}
