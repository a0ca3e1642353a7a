import { PlannedPage } from './PlannedPage';

export function DriversPage() {
  return <PlannedPage title="Drivers" upcoming="your drivers, searchable, with adding new drivers" />;
}
