import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Navigate, useSearchParams } from 'react-router';
import { hasPermission, idSchema } from '@fleetfuel/contract';
import { PrefetchLink } from '@/components/ui/PrefetchLink';
import { RecordHistory } from '@/features/audit';
import { RequestRecord } from '@/features/requests';
import { useAuth } from '@/lib/auth';
import { useMayOpen } from '../shell/Breadcrumb';

/**
 * The record types `/details?type=…&id=…` resolves, and their own pages. A type with a details page
 * of its own redirects there; requests, whose lists show them in a dialog, are shown here.
 */
const OWN_PAGES: Record<string, string> = {
  asset: '/assets/details',
  vehicle: '/assets/details',
  client: '/clients/details',
  organization: '/clients/details',
  station: '/fuel-stations/details',
  'fuel-station': '/fuel-stations/details',
};
const REQUEST_KINDS: Record<string, 'fuel' | 'maintenance'> = {
  'fuel-request': 'fuel',
  fuel: 'fuel',
  maintenance: 'maintenance',
  'maintenance-request': 'maintenance',
};

function RecordNotFound() {
  return (
    <Paper withBorder radius="md" p="xl" role="alert">
      <Title order={1} fz={22}>
        Record not found
      </Title>
      <Text c="dimmed" size="sm" mt={4} mb="md">
        This link names no record, or the record does not exist or is not one you can see.
      </Text>
      <Anchor component={PrefetchLink} to="/" size="sm">
        Back to Dashboard
      </Anchor>
    </Paper>
  );
}

/** Spec section 2's generic details route: `?type=…&id=…` opens the record it names. */
export function DetailsPage() {
  const { user } = useAuth();
  const mayOpen = useMayOpen();
  const [params] = useSearchParams();
  const type = (params.get('type') ?? '').toLowerCase();
  const id = params.get('id') ?? '';
  if (!user || !idSchema.safeParse(id).success) return <RecordNotFound />;

  const ownPage = OWN_PAGES[type];
  if (ownPage) {
    // A record whose page the role may not open is, for that role, not there.
    if (!mayOpen(user.role, ownPage)) return <RecordNotFound />;
    return <Navigate to={`${ownPage}?id=${encodeURIComponent(id)}`} replace />;
  }
  const kind = REQUEST_KINDS[type];
  if (kind) {
    const record = <RequestRecord key={`${kind}:${id}`} kind={kind} id={id} notFound={<RecordNotFound />} />;
    // The record's audit trail, for the roles that read it (the API narrows it to their tenant).
    if (!hasPermission(user.role, 'audit.read')) return record;
    return (
      <Stack gap="lg">
        {record}
        <RecordHistory entityType={kind === 'fuel' ? 'fuel_request' : 'maintenance_request'} entityId={id} />
      </Stack>
    );
  }
  return <RecordNotFound />;
}
