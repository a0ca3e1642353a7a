import { ReportsView } from '@/features/reports';

export function ReportsPage() {
  return <ReportsView />;
}
