import { Anchor, Box, SimpleGrid } from '@mantine/core';
import { IconCashBanknote, IconFlag, IconShieldX } from '@tabler/icons-react';
import type { AnalyticsOverview } from '@fleetfuel/contract';
import { PrefetchLink } from '@/components/ui/PrefetchLink';
import { StatCard } from '@/components/ui/StatCard';

type Fraud = NonNullable<AnalyticsOverview['fraud']>;

/**
 * The review queue's figures (issue 44) for fleet managers: the flags waiting for a review (a link
 * to them), the fills confirmed as fraud with the naira they paid, and the naira recovered. Shared
 * by the Dashboard and Analytics, which both read them from the overview.
 */
export function FraudFigures({ fraud }: { fraud: Fraud }) {
  const fills = fraud.confirmedFraudRequests;
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      <Anchor component={PrefetchLink} to="/flags" underline="never" c="inherit" display="block">
        <StatCard
          title="Flags to review"
          number={fraud.openFlags}
          note={fraud.openFlags === 0 ? 'Nothing waiting' : 'Open the review queue'}
          icon={<IconFlag size={22} />}
        />
      </Anchor>
      <Box role="group" aria-label="Confirmed fraud">
        <StatCard
          title="Confirmed fraud"
          number={fraud.confirmedFraudAmount}
          currency
          note={`${fills} ${fills === 1 ? 'fill' : 'fills'} paid for`}
          icon={<IconShieldX size={22} />}
        />
      </Box>
      <Box role="group" aria-label="Recovered">
        <StatCard
          title="Recovered"
          number={fraud.recoveredAmount}
          currency
          note="Won back from confirmed fraud"
          icon={<IconCashBanknote size={22} />}
        />
      </Box>
    </SimpleGrid>
  );
}
