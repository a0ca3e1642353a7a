import { PlannedPage } from './PlannedPage';

export function MaintenancePage() {
  return (
    <PlannedPage title="Maintenance" upcoming="maintenance requests with scheduling, approval and coupons" />
  );
}
