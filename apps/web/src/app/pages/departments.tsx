import { PlannedPage } from './PlannedPage';

export function DepartmentsPage() {
  return <PlannedPage title="Groups" upcoming="your groups and their daily fuel limits, with adding and updating groups" />;
}
