import { PlannedPage } from './PlannedPage';

export function SupportPage() {
  return <PlannedPage title="Support" upcoming="how to reach the FleetFuel support team" />;
}
