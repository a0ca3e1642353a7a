import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/PageHeader';
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
  return (
    <>
      <PageHeader title="Client Details" />
      <ClientDetails id={params.get('id')} />
    </>
  );
}
