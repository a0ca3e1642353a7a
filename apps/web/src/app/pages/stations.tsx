import { StationDashboard } from '@/features/redemption';

export function StationDashboardPage() {
  return <StationDashboard title="Station Dashboard" />;
}
