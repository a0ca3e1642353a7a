import { Box, Group, Stack } from '@mantine/core';
import { PageHeader } from '@/components/ui/PageHeader';
import { useAuth } from '@/lib/auth';
import { StatementControl } from '@/components/statement/StatementControl';
import { OfflineStatus } from '../offline/OfflineStatus';
import { RedeemCouponCard } from './RedeemCouponCard';
import { StationWalletCard } from './StationWalletCard';
import { TodaysRedemptions } from './TodaysRedemptions';

export interface StationDashboardProps {
  title: string;
}

/**
 * The station's redemption desk: the Redeem Coupon tool and today's redemptions. The station
 * representative also sees the station's wallet; an attendant does not see the station's money.
 */
export function StationDashboard({ title }: StationDashboardProps) {
  const { user } = useAuth();
  const showMoney = user?.role === 'STATION_REP';
  return (
    <>
      <PageHeader title={title} description={user?.fuelStation?.name} />
      <Stack gap="lg">
        {user?.fuelStationId && <OfflineStatus stationId={user.fuelStationId} />}
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Box style={{ flex: '2 1 440px', minWidth: 0 }}>
            <RedeemCouponCard showMoney={showMoney} />
          </Box>
          {showMoney && (
            <Box style={{ flex: '1 1 260px', minWidth: 0 }}>
              <StationWalletCard />
            </Box>
          )}
        </Group>
        <TodaysRedemptions showMoney={showMoney} />
        {showMoney && <StatementControl />}
      </Stack>
    </>
  );
}
