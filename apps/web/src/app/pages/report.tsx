import { PlannedPage } from './PlannedPage';

export function ReportsPage() {
  return (
    <PlannedPage
      title="Reports"
      upcoming="the Comprehensive, Insurance Status, Service Term and Vehicle & Drivers reports as PDF downloads"
    />
  );
}
