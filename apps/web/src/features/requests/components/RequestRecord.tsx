import type { ReactNode } from 'react';
import { Anchor, Button, Center, Divider, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { hasPermission } from '@fleetfuel/contract';
import { PageHeader } from '@/components/ui/PageHeader';
import { PrefetchLink } from '@/components/ui/PrefetchLink';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatVolume } from '@/lib/format';
import { useDocumentDownload, useRequestRecord } from '../api';
import { vehicleName } from '../request-labels';
import { fuelRequestDetailItems } from './FuelRequestDetails';
import { maintenanceDetailItems } from './MaintenanceDetails';
import { EvidencePhotos } from './PumpPhotos';
import { DetailList } from './RequestParts';

export interface RequestRecordProps {
  kind: 'fuel' | 'maintenance';
  id: string;
  /** What the page shows when the record does not exist or is not the user's to see. */
  notFound: ReactNode;
}

/** Where the list of such requests lives for the role, if it has one. */
function listPath(kind: 'fuel' | 'maintenance', canTrack: boolean, isDriver: boolean): { to: string; label: string } | null {
  if (canTrack)
    return kind === 'fuel' ? { to: '/fuel', label: 'Back to Fuel Tracking' } : { to: '/maintenance', label: 'Back to Maintenance' };
  if (isDriver && kind === 'fuel') return { to: '/fuel/generate-coupon', label: 'Back to My Requests' };
  return null;
}

/** One fuel request or maintenance job on a page of its own: the same story its list's dialog tells. */
export function RequestRecord({ kind, id, notFound }: RequestRecordProps) {
  const { user } = useAuth();
  const record = useRequestRecord(kind, id);
  const download = useDocumentDownload();
  const role = user?.role;
  const showOrganization = role === 'ADMIN';
  const back = listPath(kind, hasPermission(role, 'requests.track'), role === 'DRIVER');

  if (record.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the record" />
      </Center>
    );
  }
  if (record.isError) {
    if (record.error instanceof ApiError && (record.error.status === 404 || record.error.status === 403)) return <>{notFound}</>;
    return (
      <Paper withBorder radius="md" p="lg" role="alert">
        <Text fw={500}>This record could not be loaded.</Text>
        <Button mt="md" variant="default" onClick={() => void record.refetch()}>
          Try again
        </Button>
      </Paper>
    );
  }

  const data = record.data;
  const title = data.kind === 'fuel' ? 'Fuel Request' : 'Maintenance Request';
  const summary =
    data.kind === 'fuel'
      ? `${vehicleName(data.request.vehicle)} · ${formatVolume(data.request.volume, data.request.unit)} of ${data.request.fuelType}`
      : `${vehicleName(data.request.vehicle)} · ${data.request.description}`;
  const items =
    data.kind === 'fuel' ? fuelRequestDetailItems(data.request, showOrganization) : maintenanceDetailItems(data.request, showOrganization);
  const canDownload = hasPermission(role, 'coupons.download') && data.request.status === 'APPROVED';

  return (
    <Stack gap="lg">
      {back && (
        <Anchor component={PrefetchLink} to={back.to} size="sm">
          <Group component="span" gap={4} wrap="nowrap">
            <IconArrowLeft size={14} aria-hidden />
            {back.label}
          </Group>
        </Anchor>
      )}
      <PageHeader
        title={title}
        description={summary}
        actions={
          canDownload ? (
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={download.isPending}
              onClick={() => download.mutate({ kind: data.kind, id: data.request.id })}
            >
              {data.kind === 'fuel' ? 'Download Coupon' : 'Download Work Order'}
            </Button>
          ) : undefined
        }
      />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" gap="sm">
          <Text fw={600}>Status</Text>
          <StatusBadge status={data.request.status} />
        </Group>
        <Divider my="md" />
        <DetailList items={items} />
        {data.kind === 'fuel' && data.request.evidence.length > 0 && (
          <>
            <Divider my="md" />
            <EvidencePhotos evidence={data.request.evidence} />
          </>
        )}
      </Paper>
    </Stack>
  );
}
