import { PlannedPage } from './PlannedPage';

export function AnalyticsPage() {
  return (
    <PlannedPage title="Analytics" upcoming="charts of fuel consumed, fuel expenses, fuel by driver and fuel efficiency" />
  );
}
