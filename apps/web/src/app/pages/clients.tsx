import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { idSchema } from '@fleetfuel/contract';
import { PageHeader } from '@/components/ui/PageHeader';
import { RecordHistory } from '@/features/audit';
import { ClientDetails, ClientsPanel } from '@/features/clients';

export function ClientsPage() {
  return (
    <>
      <PageHeader title="Clients" description="Client organizations, their plans and their status" />
      <ClientsPanel />
    </>
  );
}

export function ClientDetailsPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <>
      <PageHeader title="Client Details" />
      <Stack gap="lg">
        <ClientDetails id={id} />
        {id !== null && idSchema.safeParse(id).success && <RecordHistory entityType="organization" entityId={id} />}
      </Stack>
    </>
  );
}
