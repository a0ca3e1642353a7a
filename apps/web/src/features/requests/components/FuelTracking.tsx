import { Button, Paper, SimpleGrid } from '@mantine/core';
import { IconClockHour4, IconDroplet, IconGasStation, IconPlus, IconTicket } from '@tabler/icons-react';
import { FUEL_REQUEST_SORTS, hasPermission, routes } from '@fleetfuel/contract';
import { PageHeader } from '@/components/ui/PageHeader';
import { StatCard } from '@/components/ui/StatCard';
import { useAuth } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { useFuelRequests } from '../api';
import { FuelRequestsTable } from './FuelRequestsTable';
import { GenerateCouponModal } from './GenerateCouponModal';
import { useFuelRequestActions } from '../use-fuel-request-actions';
import { useRequestList } from '../use-request-list';
import { pagedRows } from '@/lib/list-paging';

/** The summary sums the volumes of every fuel type in one figure; litres, the unit of petrol and diesel, label it. */
const VOLUME_UNIT = 'L';

export interface FuelTrackingProps {
  /** The Generate Coupon modal, opened by the button, `?action=generate-coupon` or /fuel/generate-coupon. */
  generateOpened: boolean;
  onOpenGenerate: () => void;
  onCloseGenerate: () => void;
}

/** Fuel Tracking (spec sections 2 and 4): consumption figures, the requests table and its actions. */
export function FuelTracking({ generateOpened, onOpenGenerate, onCloseGenerate }: FuelTrackingProps) {
  const { user } = useAuth();
  const role = user?.role ?? 'DRIVER';
  const showOrganization = role === 'ADMIN';
  const canCreate = hasPermission(role, 'requests.create');
  const { query, table, toolbar } = useRequestList(FUEL_REQUEST_SORTS, routes.exports.fuelRequests);
  const requests = useFuelRequests(query);
  const summary = requests.data?.summary;
  const { actions, dialogs } = useFuelRequestActions(role, showOrganization);

  return (
    <>
      <PageHeader
        title="Fuel Tracking"
        description="Fuel requests, their approval and their coupons."
        actions={
          canCreate && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onOpenGenerate}>
              Generate Coupon
            </Button>
          )
        }
      />

      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" mb="lg">
        <StatCard
          title="Total Consumption"
          number={summary?.totalVolume ?? 0}
          unit={VOLUME_UNIT}
          note="Requested, rejected requests left out"
          icon={<IconGasStation size={22} />}
        />
        <StatCard
          title="Pending Consumption"
          number={summary?.pendingVolume ?? 0}
          unit={VOLUME_UNIT}
          note={summary ? `${formatNumber(summary.pendingCount)} awaiting approval` : undefined}
          icon={<IconClockHour4 size={22} />}
        />
        <StatCard
          title="Approved"
          number={summary?.approvedVolume ?? 0}
          unit={VOLUME_UNIT}
          note="Coupons not yet redeemed"
          icon={<IconTicket size={22} />}
        />
        <StatCard
          title="Dispensed"
          number={summary?.dispensedVolume ?? 0}
          unit={VOLUME_UNIT}
          note="Redeemed at the stations"
          icon={<IconDroplet size={22} />}
        />
      </SimpleGrid>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <FuelRequestsTable
          {...pagedRows(requests, (reply) => reply.requests)}
          {...table}
          showOrganization={showOrganization}
          actions={actions}
          toolbar={toolbar}
        />
      </Paper>

      {dialogs}
      {canCreate && <GenerateCouponModal opened={generateOpened} onClose={onCloseGenerate} />}
    </>
  );
}
