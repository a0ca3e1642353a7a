import { Box, Group, Stack } from '@mantine/core';
import { hasPermission } from '@fleetfuel/contract/permissions';
import { PageHeader } from '@/components/ui/PageHeader';
import { useAuth } from '@/lib/auth';
import { AttendantFiguresPanel } from '@/components/attendants/AttendantFiguresPanel';
import { StatementControl } from '@/components/statement/StatementControl';
import { OfflineStatus } from '../offline/OfflineStatus';
import { AttendantSwitch } from './AttendantSwitch';
import { RedeemCouponCard } from './RedeemCouponCard';
import { RedemptionFollowUps } from './RedemptionFollowUps';
import { StationWalletCard } from './StationWalletCard';
import { TodaysRedemptions } from './TodaysRedemptions';

export interface StationDashboardProps {
  title: string;
}

/**
 * The station's redemption desk: the Redeem Coupon tool and today's redemptions with what each
 * paid, so the attendant who confirms a fill sees its money too. The station representative also
 * sees the station's wallet and statement, and the follow-ups of refused offline redemptions.
 * Staff who share one phone hand it over with their station PIN (the attendant bar at the top).
 */
export function StationDashboard({ title }: StationDashboardProps) {
  const { user } = useAuth();
  const isRepresentative = user?.role === 'STATION_REP';
  return (
    <>
      <PageHeader title={title} description={user?.fuelStation?.name} />
      <Stack gap="lg">
        {hasPermission(user?.role, 'station.device') && <AttendantSwitch />}
        {user?.fuelStationId && <OfflineStatus stationId={user.fuelStationId} />}
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Box style={{ flex: '2 1 440px', minWidth: 0 }}>
            <RedeemCouponCard />
          </Box>
          {isRepresentative && (
            <Box style={{ flex: '1 1 260px', minWidth: 0 }}>
              <StationWalletCard />
            </Box>
          )}
        </Group>
        <TodaysRedemptions />
        {isRepresentative && <RedemptionFollowUps />}
        {isRepresentative && <AttendantFiguresPanel showStation={false} />}
        {isRepresentative && <StatementControl />}
      </Stack>
    </>
  );
}
