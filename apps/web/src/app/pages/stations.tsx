import { PlannedPage } from './PlannedPage';

export function StationDashboardPage() {
  return (
    <PlannedPage
      title="Station Dashboard"
      upcoming="the approved requests addressed to your station and the redemption of their coupons"
    />
  );
}
